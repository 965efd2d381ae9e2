import { z } from 'zod';
import { companyListingSchema } from '../../events/directory.events.js';
import { requiredString } from '../common.js';
import { earliestTripDate, isCalendarDate } from '../../trip-dates.js';
import { listParam } from './fields.js';

// ---------------------------------------------------------------------------------------------
// Credentials: licence (USDOT, permit) and insurance, verified by an admin (issue 21, part 3)
// ---------------------------------------------------------------------------------------------

/** The badges a company may carry (`badges` of a company, `GET /api/companies?badges=`). */
export const COMPANY_BADGES = ['verified-owner', 'licensed', 'insured', 'top-rated'] as const;
export const companyBadgeSchema = z.enum(COMPANY_BADGES);
export type CompanyBadge = z.infer<typeof companyBadgeSchema>;

/**
 * "Today" for credential dates (yyyy-MM-dd): the date in the US zone furthest behind (Honolulu), as
 * for trip dates, so an expiry date is "today" until the day is over everywhere in the states.
 */
export const credentialToday = (now: Date = new Date()): string => earliestTripDate(now);

/** USDOT numbers are 1 to 8 digits (FMCSA). */
export const USDOT_PATTERN = /^\d{1,8}$/;

/** `PUT /api/my-companies/{id}/credentials`: the owner's licence and insurance. */
export const credentialsBodySchema = z
  .object({
    usdotNumber: z
      .string({ error: 'USDOT number must be text' })
      .trim()
      // "USDOT 1234567" and "US DOT #1234567" are written on vans: the number is what counts.
      .transform((v) => v.replace(/^us\s*dot\s*#?\s*/i, ''))
      .refine((v) => v === '' || USDOT_PATTERN.test(v), 'USDOT number must be 1 to 8 digits')
      .nullish()
      .transform((v) => v || null),
    permitNumber: z
      .string({ error: 'Permit number must be text' })
      .trim()
      .max(50, 'Permit number must be at most 50 characters')
      .refine((v) => v === '' || /^[\p{L}\p{N}][\p{L}\p{N} ./#-]*$/u.test(v), 'Permit number may hold letters, digits, spaces and . / # -')
      .nullish()
      .transform((v) => v || null),
    insuranceCarrier: requiredString('Insurance carrier is required')
      .trim()
      .min(2, 'Insurance carrier is required')
      .max(100, 'Insurance carrier must be at most 100 characters'),
    insuranceExpiresOn: requiredString('Insurance expiry date is required')
      .trim()
      .superRefine((v, ctx) => {
        const message = !isCalendarDate(v)
          ? 'Please enter the insurance expiry date as YYYY-MM-DD'
          : v < credentialToday()
            ? 'Insurance expiry date cannot be in the past'
            : v > `${Number(credentialToday().slice(0, 4)) + 10}${credentialToday().slice(4)}`
              ? 'Insurance expiry date must be within the next 10 years'
              : undefined;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  })
  .superRefine((v, ctx) => {
    if (!v.usdotNumber && !v.permitNumber)
      ctx.addIssue({ code: 'custom', path: ['usdotNumber'], message: 'Please enter a USDOT number or a permit number' });
  });
export type CredentialsBody = z.output<typeof credentialsBodySchema>;
/** The credentials form's values (before the schema's transforms). */
export type CredentialsBodyInput = z.input<typeof credentialsBodySchema>;

/** Where the credentials stand: nothing sent, waiting for an admin, verified, or rejected (with a reason). */
export const credentialStatusSchema = z.enum(['none', 'pending', 'verified', 'rejected']);
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

/** The owner's view of their credentials (`GET|PUT /api/my-companies/{id}/credentials`). */
export const credentialsSchema = z.object({
  companyId: z.string(),
  usdotNumber: z.string().nullable(),
  permitNumber: z.string().nullable(),
  insuranceCarrier: z.string().nullable(),
  insuranceExpiresOn: z.string().nullable(),
  /** A certificate was uploaded (read it at `certificateUrl`: the owner and admins only). */
  hasCertificate: z.boolean(),
  certificateUrl: z.string().nullable(),
  status: credentialStatusSchema,
  /** The admin's reason, when rejected. */
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** One company in the admins' queue (`GET /api/admin/credential-verifications`, oldest first). */
export const credentialVerificationSchema = credentialsSchema.extend({
  companyName: z.string(),
  ...companyListingSchema.pick({ city: true, state: true }).shape,
  ownerEmail: z.string().nullable(),
});
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

/** The badges search filters on: all of them. */
export const FILTERABLE_BADGES = ['verified-owner', 'licensed', 'insured', 'top-rated'] as const satisfies readonly CompanyBadge[];
export type FilterableBadge = (typeof FILTERABLE_BADGES)[number];
const isFilterable = (b: string): b is FilterableBadge => (FILTERABLE_BADGES as readonly string[]).includes(b);

/** `GET /api/companies?badges=licensed,insured`: companies carrying every badge listed. */
export const badgesParam = listParam(
  200,
  (item) => {
    const badge = item.toLowerCase();
    return isFilterable(badge) ? badge : undefined;
  },
  () => `Badges must be among ${FILTERABLE_BADGES.join(', ')}`,
);
