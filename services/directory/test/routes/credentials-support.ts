import type { Credentials, OwnerCompany } from '@limo/contracts';
import { call, multipart, ownerListing, png, startDirectory, type Harness, type TestUser } from '../support.js';

/** A directory (as `startDirectory` starts it) on the clock `now`. */
export function startClockedDirectory(now: () => Date = () => new Date()): Promise<Harness> {
  return startDirectory({}, { now });
}

/** A small but well-formed PDF (header, one empty page, trailer). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** yyyy-MM-dd `days` after `from` (UTC). */
export function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Noon in Honolulu (22:00 UTC) of a yyyy-MM-dd day: the same date in every US zone. */
export const noonOf = (day: string): Date => new Date(`${day}T22:00:00Z`);

/** A valid credentials body, insured for `days` more days. */
export const credentialsBody = (days = 200, overrides: Record<string, unknown> = {}) => ({
  usdotNumber: '1234567',
  permitNumber: 'FL-LIMO-2291',
  insuranceCarrier: 'Progressive Commercial',
  insuranceExpiresOn: dayAfter(new Date(), days),
  ...overrides,
});

/** Uploads a certificate as `user`. */
export function uploadCertificate(h: Harness, user: TestUser | undefined, companyId: string, data: Buffer, type = 'application/pdf') {
  const body = multipart({ field: 'certificate', name: 'certificate', type, data });
  return h.app.inject({
    method: 'POST',
    url: `/api/my-companies/${companyId}/credentials/certificate`,
    headers: { ...body.headers, ...(user && { cookie: user.cookie }) },
    payload: body.payload,
  });
}

/** An owner's new listing, with credentials sent and a certificate uploaded (waiting in the admins' queue). */
export async function listedWithCredentials(
  h: Harness,
  owner: TestUser,
  name: string,
  days = 200,
): Promise<{ company: OwnerCompany; credentials: Credentials }> {
  const company = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name }))).json<OwnerCompany>();
  const put = await call(h, 'PUT', `/api/my-companies/${company.id}/credentials`, owner, credentialsBody(days));
  if (put.statusCode !== 200) throw new Error(`credentials: ${put.statusCode} ${put.body}`);
  const uploaded = await uploadCertificate(h, owner, company.id, PDF);
  if (uploaded.statusCode !== 200) throw new Error(`certificate: ${uploaded.statusCode} ${uploaded.body}`);
  return { company, credentials: uploaded.json<Credentials>() };
}

export { png };
