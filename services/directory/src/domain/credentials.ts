import { credentialToday, type CompanyBadge, type Credentials, type CredentialsBody } from '@limo/contracts';
import { isVerifiedOwner, type CompanyDoc } from './company.js';

export type { CredentialsDoc } from './credentials-doc.js';
import type { CredentialsDoc } from './credentials-doc.js';

/** Where certificates are kept in the blob store: `_` is outside the image route's alphabet, so /api/images never serves one. */
export const certificateKey = (id: string): string => `certificate_${id}`;

/** Whether the verified insurance still runs on `today` (yyyy-MM-dd). */
const isInsuredOn = (c: CompanyDoc, today: string): boolean =>
  Boolean(c.credentials?.verified && c.credentials.verified.insuranceExpiresOn >= today);

/** A USDOT or permit number an admin verified. */
export const isLicensed = (c: CompanyDoc): boolean =>
  Boolean(c.credentials?.verified?.usdotNumber || c.credentials?.verified?.permitNumber);

/** The verified insurance's expiry while it runs, else null. */
export const insuranceExpiresOn = (c: CompanyDoc, today: string): string | null =>
  isInsuredOn(c, today) ? c.credentials!.verified!.insuranceExpiresOn : null;

/**
 * The company's trust badges on `now` (read time: the insured badge goes the day after the
 * insurance expires). `top-rated` as last judged (operations/top-rated.ts, docs/directory.md).
 */
export function companyBadges(c: CompanyDoc, now: Date = new Date()): CompanyBadge[] {
  const today = credentialToday(now);
  const badges: CompanyBadge[] = [];
  if (isVerifiedOwner(c)) badges.push('verified-owner');
  if (c.suspendedAt === null && isLicensed(c)) badges.push('licensed');
  if (c.suspendedAt === null && isInsuredOn(c, today)) badges.push('insured');
  if (c.suspendedAt === null && c.topRated === true) badges.push('top-rated');
  return badges;
}

/** The credentials after the owner sent `body`: pending again (an admin checks the new values). */
export function submitted(current: CredentialsDoc | null | undefined, body: CredentialsBody, at: string): CredentialsDoc {
  return {
    usdotNumber: body.usdotNumber,
    permitNumber: body.permitNumber,
    insuranceCarrier: body.insuranceCarrier,
    insuranceExpiresOn: body.insuranceExpiresOn,
    certificate: current?.certificate ?? null,
    status: 'pending',
    submittedAt: at,
    decision: current?.decision ?? null,
    verified: current?.verified ?? null,
    reminderSentFor: current?.reminderSentFor ?? null,
    lapsedFor: current?.lapsedFor ?? null,
  };
}

/** Waiting for an admin: sent, with a certificate. */
export const isAwaitingVerification = (c: CompanyDoc): boolean => c.credentials?.status === 'pending' && Boolean(c.credentials.certificate);

/** The owner's (and the queue's) view; `certificateUrl` is the owner's authorised route. */
export function toCredentials(c: CompanyDoc): Credentials {
  const cred = c.credentials ?? null;
  return {
    companyId: c._id,
    usdotNumber: cred?.usdotNumber ?? null,
    permitNumber: cred?.permitNumber ?? null,
    insuranceCarrier: cred?.insuranceCarrier ?? null,
    insuranceExpiresOn: cred?.insuranceExpiresOn ?? null,
    hasCertificate: Boolean(cred?.certificate),
    certificateUrl: cred?.certificate ? `/api/my-companies/${encodeURIComponent(c._id)}/credentials/certificate` : null,
    status: cred?.status ?? 'none',
    rejectionReason: cred?.status === 'rejected' ? (cred.decision?.reason ?? null) : null,
    submittedAt: cred?.submittedAt ?? null,
    decidedAt: cred?.decision?.at ?? null,
  };
}
