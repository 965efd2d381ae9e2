import { credentialToday, type CompanyBadge, type Credentials, type CredentialsBody } from '@limo/contracts';
import { isVerifiedOwner, type CompanyDoc } from './company.js';

/** The credentials an owner sent and an admin verifies (the licence and the insurance). */
export interface CredentialFields {
  usdotNumber: string | null;
  permitNumber: string | null;
  insuranceCarrier: string;
  /** yyyy-MM-dd, the last day the insurance runs. */
  insuranceExpiresOn: string;
}

/** The uploaded insurance certificate; its bytes are in the blob store under `key` (never served by /api/images). */
export interface CertificateRef {
  key: string;
  contentType: string;
  bytes: number;
  uploadedAt: string;
}

/** A company's credentials as the directory stores them (on the company, `credentials`). */
export interface CredentialsDoc extends CredentialFields {
  certificate: CertificateRef | null;
  /** pending: sent, waiting for an admin (in the queue once a certificate is uploaded). */
  status: 'pending' | 'verified' | 'rejected';
  submittedAt: string;
  /** The admin's last decision. */
  decision: { by: string; at: string; reason: string | null } | null;
  /** What an admin verified last: the badges come from it, and stay while a newer submission waits. */
  verified: (CredentialFields & { at: string; by: string }) | null;
  /** The expiry date whose 30-day reminder was mailed (once per expiry date). */
  reminderSentFor: string | null;
  /** The expiry date whose lapse was recorded (the company re-indexed without the insured badge). */
  lapsedFor: string | null;
}

/** Where certificates are kept in the blob store: `_` is outside the image route's alphabet, so /api/images never serves one. */
export const certificateKey = (id: string): string => `certificate_${id}`;

/** Whether the verified insurance still runs on `today` (yyyy-MM-dd). */
export const isInsuredOn = (c: CompanyDoc, today: string): boolean =>
  Boolean(c.credentials?.verified && c.credentials.verified.insuranceExpiresOn >= today);

/** A USDOT or permit number an admin verified. */
export const isLicensed = (c: CompanyDoc): boolean =>
  Boolean(c.credentials?.verified?.usdotNumber || c.credentials?.verified?.permitNumber);

/** The verified insurance's expiry while it runs, else null. */
export const insuranceExpiresOn = (c: CompanyDoc, today: string): string | null =>
  isInsuredOn(c, today) ? c.credentials!.verified!.insuranceExpiresOn : null;

/**
 * The company's trust badges on `now` (read time: the insured badge goes the day after the
 * insurance expires). `top-rated` as last judged (operations/top-rated.ts, README).
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
