import { z } from 'zod';
import { normalizePriceRange, normalizeService, normalizeVehicleType } from '../../vocabulary.js';
import { requiredText } from '../common.js';

// ---------------------------------------------------------------------------------------------
// Input building blocks. Every optional field distinguishes "not sent" (undefined: leave as is)
// from "cleared" ('' or null: stored as null), because the owner and admin forms send every field.
// ---------------------------------------------------------------------------------------------

const blankToNull = <T>(v: T | '' | null | undefined): T | null | undefined => (v === '' ? null : v);

/** Optional free text, trimmed, at most `max` characters; '' and null clear it. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform(blankToNull);

export const companyName = requiredText('Company name is required', 200, 'Company name must be at most 200 characters');

/** Why an admin rejects, or an owner flags: told to the other side. */
export const reasonField = requiredText('Please give a reason', 1000, 'The reason must be at most 1000 characters');

const isEmail = (v: string) => z.email().safeParse(v).success;

/** Text, trimmed, that is blank or passes `isValid`, at most `max` characters; one `message` for every failure. */
const blankOrValid = (message: string, max: number, isValid: (v: string) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => v === '' || isValid(v), message);

/** Optional e-mail: empty or valid, stored lower-case. */
const optionalEmail = (message: string) =>
  blankOrValid(message, 254, isEmail)
    .nullish()
    .transform((v) => blankToNull(v)?.toLowerCase() ?? blankToNull(v));

/** "example.com" and "www.example.com" are taken as https://; only http(s) URLs with a dotted host pass. */
function toWebsiteUrl(input: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const optionalWebsite = blankOrValid('Please enter a valid website URL', 500, (v) => toWebsiteUrl(v) !== null)
  .transform((v) => (v === '' ? null : toWebsiteUrl(v)))
  .nullish();

/** Path of an image this product stores (`POST /api/upload-image` answers its absolute URL). */
export const IMAGE_PATH_PREFIX = '/api/images/';

/** An http(s) URL, or a path to one of our stored images. */
export function isImageUrl(v: string): boolean {
  if (v.startsWith(IMAGE_PATH_PREFIX)) return /^\/api\/images\/[A-Za-z0-9-]{1,64}$/.test(v);
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const optionalImageUrl = blankOrValid('Please enter a valid image URL', 1000, isImageUrl).nullish().transform(blankToNull);

const optionalState = z
  .string({ error: 'Please select a state' })
  .trim()
  .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), 'Please select a state (two-letter code, e.g. FL)')
  .nullish()
  .transform((v) => blankToNull(v)?.toUpperCase() ?? blankToNull(v));

const optionalZip = z
  .string({ error: 'Please enter a valid ZIP code' })
  .trim()
  .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'Please enter a valid ZIP code')
  .nullish()
  .transform(blankToNull);

/** A number, a numeric string, or blank/null (cleared). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    schema.nullish(),
  );

const optionalLatitude = optionalNumber(
  z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
);
const optionalLongitude = optionalNumber(
  z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
);

/** Listing and owner forms: the hourly rate is parsed as an integer, blank when empty. */
const optionalRate = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: 'Hourly rate must be a number' })
    .min(0, 'Hourly rate cannot be negative')
    .max(100_000, 'Hourly rate must be at most 100000')
    .transform(Math.round)
    .nullish(),
);

/** Admin form (owner-admin §5): non-numeric input becomes 0. */
export const lenientRate = z.preprocess((v) => {
  if (v === null || v === undefined) return v;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : 0;
}, z.number().min(0, 'Hourly rate cannot be negative').max(100_000, 'Hourly rate must be at most 100000').transform(Math.round).nullish());

/** A vocabulary field: any spelling of the specs' lists, stored as the canonical slug. */
const optionalPriceRange = z
  .string({ error: 'Please select a valid price range' })
  .trim()
  .refine((v) => v === '' || normalizePriceRange(v) !== undefined, 'Please select a valid price range')
  .transform((v) => (v === '' ? null : (normalizePriceRange(v) ?? null)))
  .nullish();

/** A list of vocabulary terms in any spelling: slugs, de-duplicated in first-seen order. */
const termList = (what: string, plural: string, normalize: (s: string) => string | undefined) =>
  z
    .array(z.string({ error: `Each ${what} must be text` }).max(100, `Unknown ${what}`), { error: `${plural} must be a list` })
    .max(50, `At most 50 ${plural.toLowerCase()}`)
    .superRefine((list, ctx) => {
      for (const item of list) {
        if (normalize(item) === undefined) ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${item}` });
      }
    })
    .transform((list) => [...new Set(list.map((item) => normalize(item) as string))])
    .nullish()
    .transform((v) => (v === null ? [] : v));

const optionalServices = termList('service', 'Services', normalizeService);
const optionalVehicleTypes = termList('vehicle type', 'Vehicle types', normalizeVehicleType);

/**
 * A query parameter naming one vocabulary term in any spelling, read as its slug: blank or one of
 * `noFilter` (any case) is no filter, an unknown term is refused (`Unknown <what>: <value>`).
 */
export const termParam = (what: string, max: number, noFilter: readonly string[], normalize: (s: string) => string | undefined) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v, ctx) => {
      if (!v || noFilter.includes(v.toLowerCase())) return undefined;
      const slug = normalize(v);
      if (!slug) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${v}` });
        return z.NEVER;
      }
      return slug;
    });

/**
 * A comma-separated query parameter: each item read by `read` (an item it does not know is refused
 * with `message(item)`), de-duplicated in first-seen order; absent or blank is the empty list.
 */
export const listParam = <T extends string>(max: number, read: (item: string) => T | undefined, message: (item: string) => string) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v, ctx) => {
      const out: T[] = [];
      for (const item of (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const value = read(item);
        if (!value) {
          ctx.addIssue({ code: 'custom', message: message(item) });
          return z.NEVER;
        }
        if (!out.includes(value)) out.push(value);
      }
      return out;
    });

export const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** The fields every company form shares (public-side §3, owner-admin §3), all optional here. */
export const companyFields = {
  description: optionalText('Description', 5000),
  phone: optionalText('Phone', 40),
  email: optionalEmail('Please enter a valid email address'),
  businessEmail: optionalEmail('Please enter a valid business email'),
  website: optionalWebsite,
  address: optionalText('Address', 300),
  city: optionalText('City', 100),
  state: optionalState,
  zipCode: optionalZip,
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  priceRange: optionalPriceRange,
  services: optionalServices,
  vehicleTypes: optionalVehicleTypes,
  hourlyRateStart: optionalRate,
  imageUrl: optionalImageUrl,
  seoKeywords: optionalText('SEO keywords', 500),
  seoTags: optionalText('SEO tags', 500),
};

/** A positive whole-number query parameter up to `max`, `fallback` when absent or blank. */
export const pageParam = (max: number, fallback: number, what: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });
