import { z } from 'zod';
import { EMPTY_ADDRESS_FIELDS } from '../../lib/forms';

/** A website as people type it: a bare domain gets https://. */
const looksLikeUrl = (v: string) => {
  try {
    const url = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
    return url.hostname.includes('.') && !/\s/.test(v);
  } catch {
    return false;
  }
};

/** The paid listing form's business fields, with owner-admin §5's messages (validated on change). */
export const listingFormSchema = z.object({
  name: z.string().trim().min(1, 'Company name is required'),
  description: z.string(),
  phone: z.string(),
  businessEmail: z.string().trim().email('Please enter a valid business email'),
  website: z.string().trim().min(1, 'Website is required').refine(looksLikeUrl, 'Please enter a valid website URL'),
  fullAddress: z.string().trim().min(1, 'Full address is required'),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  priceRange: z.string(),
  services: z.array(z.string()),
  vehicleTypes: z.array(z.string()),
  hourlyRateStart: z.string(),
  seoKeywords: z.string(),
  seoTags: z.string(),
});
export type ListingForm = z.infer<typeof listingFormSchema>;

/** §5 "Registration adds": the account block a visitor fills. */
const accountFields = {
  email: z.string().trim().email('Please enter a valid email'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
  confirmPassword: z.string(),
};

/** The visitor's form: the listing plus the account block. */
export const visitorFormSchema = listingFormSchema
  .extend(accountFields)
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type VisitorForm = z.infer<typeof visitorFormSchema>;

export const EMPTY_LISTING: ListingForm = {
  name: '',
  description: '',
  phone: '',
  businessEmail: '',
  website: '',
  ...EMPTY_ADDRESS_FIELDS,
  priceRange: '',
  services: [],
  vehicleTypes: [],
  hourlyRateStart: '',
  seoKeywords: '',
  seoTags: '',
};

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * The business listing payload (owner-admin §3): latitude and longitude as numbers only when not
 * blank, the hourly rate as an integer only when not blank (§5); `isPaid` once the payment succeeded.
 */
export function listingPayload(form: ListingForm, isPaid: boolean) {
  const { latitude, longitude, hourlyRateStart, ...rest } = form;
  const website = /^https?:\/\//i.test(rest.website.trim()) ? rest.website.trim() : `https://${rest.website.trim()}`;
  return {
    ...rest,
    name: rest.name.trim(),
    website,
    email: rest.businessEmail.trim(),
    businessEmail: rest.businessEmail.trim(),
    description: blankToUndefined(rest.description),
    phone: blankToUndefined(rest.phone),
    priceRange: blankToUndefined(rest.priceRange),
    seoKeywords: blankToUndefined(rest.seoKeywords),
    seoTags: blankToUndefined(rest.seoTags),
    address: blankToUndefined(rest.address),
    city: blankToUndefined(rest.city),
    state: blankToUndefined(rest.state),
    zipCode: blankToUndefined(rest.zipCode),
    latitude: latitude.trim() === '' ? null : Number(latitude),
    longitude: longitude.trim() === '' ? null : Number(longitude),
    hourlyRateStart: hourlyRateStart.trim() === '' ? null : Math.round(Number(hourlyRateStart)),
    isPaid,
  };
}

/** §9: the wait on "Registration Complete!" before /dashboard. */
export const DASHBOARD_REDIRECT_MS = 2000;
