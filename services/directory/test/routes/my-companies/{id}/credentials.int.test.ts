import { beforeAll, describe, expect, it } from 'vitest';
import type { Credentials, OwnerCompany } from '@limo/contracts';
import { call, ownerListing, sharedHarness, sharedUser, userOf } from '../../../support.js';
import { credentialsBody, dayAfter, PDF, png, startClockedDirectory, uploadCertificate } from '../../credentials-support.js';

const h = sharedHarness(() => startClockedDirectory());
const owner = sharedUser(h, 'business');
let company: OwnerCompany;

beforeAll(async () => {
  company = (await call(h, 'POST', '/api/companies', owner, ownerListing({ name: 'Credentialed Limo' }))).json<OwnerCompany>();
});

const url = (id: string) => `/api/my-companies/${id}/credentials`;

describe('PUT /api/my-companies/{id}/credentials (issue 21, credentials)', () => {
  it('starts with nothing sent', async () => {
    const res = await call(h, 'GET', url(company.id), owner);
    expect(res.statusCode).toBe(200);
    expect(res.json<Credentials>()).toMatchObject({ status: 'none', usdotNumber: null, hasCertificate: false, certificateUrl: null });
  });

  it('keeps the owner’s licence and insurance, pending until an admin verifies them; "USDOT 123" is the number 123', async () => {
    const body = credentialsBody(200, { usdotNumber: 'USDOT 1234567' });
    const res = await call(h, 'PUT', url(company.id), owner, body);
    expect(res.statusCode).toBe(200);
    expect(res.json<Credentials>()).toMatchObject({
      status: 'pending',
      usdotNumber: '1234567',
      permitNumber: 'FL-LIMO-2291',
      insuranceCarrier: 'Progressive Commercial',
      insuranceExpiresOn: body.insuranceExpiresOn,
      hasCertificate: false,
    });
    // Nothing shows publicly before an admin verified it.
    const pub = (await call(h, 'GET', `/api/companies/${company.id}`)).json();
    expect(pub).toMatchObject({ badges: [], insuranceExpiresOn: null });
  });

  it('refuses bad input with a message per field (400)', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ usdotNumber: '123456789' }, 'usdotNumber', /1 to 8 digits/],
      [{ usdotNumber: '12AB' }, 'usdotNumber', /1 to 8 digits/],
      [{ usdotNumber: '', permitNumber: '' }, 'usdotNumber', /USDOT number or a permit number/],
      [{ permitNumber: 'x'.repeat(51) }, 'permitNumber', /at most 50/],
      [{ permitNumber: '<script>' }, 'permitNumber', /letters, digits/],
      [{ insuranceCarrier: '' }, 'insuranceCarrier', /carrier is required/],
      [{ insuranceExpiresOn: '2026-02-30' }, 'insuranceExpiresOn', /YYYY-MM-DD/],
      [{ insuranceExpiresOn: dayAfter(new Date(), -3) }, 'insuranceExpiresOn', /cannot be in the past/],
    ];
    for (const [override, field, message] of cases) {
      const res = await call(h, 'PUT', url(company.id), owner, credentialsBody(200, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      const errors = res.json<{ errors: Array<{ field: string; message: string }> }>().errors;
      expect(errors.find((e) => e.field === field)?.message, JSON.stringify(override)).toMatch(message);
    }
  });

  it('is the owner’s alone: 401 signed out, 403 for another owner, 404 for an unknown company; admins may read', async () => {
    expect((await call(h, 'PUT', url(company.id), undefined, credentialsBody())).statusCode).toBe(401);
    expect((await call(h, 'PUT', url(company.id), userOf(h, 'business'), credentialsBody())).statusCode).toBe(403);
    expect((await call(h, 'PUT', url(company.id), userOf(h, 'admin'), credentialsBody())).statusCode).toBe(403);
    expect((await call(h, 'PUT', url('no-such-company'), owner, credentialsBody())).statusCode).toBe(404);
    expect((await call(h, 'GET', url(company.id), userOf(h, 'business'))).statusCode).toBe(403);
    expect((await call(h, 'GET', url(company.id), userOf(h, 'admin'))).statusCode).toBe(200);
  });
});

describe('POST /api/my-companies/{id}/credentials/certificate', () => {
  it('takes a PDF by its content, whatever its declared type, and serves it to the owner and admins only, never cached', async () => {
    const res = await uploadCertificate(h, owner, company.id, PDF, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const cred = res.json<Credentials>();
    expect(cred).toMatchObject({
      hasCertificate: true,
      status: 'pending',
      certificateUrl: `/api/my-companies/${company.id}/credentials/certificate`,
    });

    const mine = await call(h, 'GET', cred.certificateUrl!, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await call(h, 'GET', cred.certificateUrl!, userOf(h, 'admin'))).statusCode).toBe(200);
    expect((await call(h, 'GET', cred.certificateUrl!, userOf(h, 'business'))).statusCode).toBe(403);
    expect((await call(h, 'GET', cred.certificateUrl!)).statusCode).toBe(401);
  });

  it('is never served by the public image route, whatever the key', async () => {
    const stored = await h.service.deps.companies.findById(company.id);
    const key = stored?.credentials?.certificate?.key;
    expect(key).toMatch(/^certificate_/);
    expect((await call(h, 'GET', `/api/images/${key}`)).statusCode).toBe(404);
  });

  it('takes an image (re-encoded to WebP) and refuses anything else by content (400)', async () => {
    const image = await uploadCertificate(h, owner, company.id, await png(400, 300), 'image/png');
    expect(image.statusCode, image.body).toBe(200);
    expect((await call(h, 'GET', url(company.id) + '/certificate', owner)).headers['content-type']).toBe('image/webp');

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [data, type] of [
      [html, 'application/pdf'],
      [Buffer.from('%PDF-1.4 but never ends'), 'application/pdf'],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]), 'image/png'],
      [Buffer.alloc(0), 'application/pdf'],
    ] as const) {
      const res = await uploadCertificate(h, owner, company.id, data, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/PDF or an image/);
    }
  });

  it('refuses a certificate over 5MB, and one before the details are saved', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadCertificate(h, owner, company.id, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/smaller than 5MB/);

    const other = userOf(h, 'business');
    const fresh = (await call(h, 'POST', '/api/companies', other, ownerListing({ name: 'No Details Yet Limo' }))).json<OwnerCompany>();
    const early = await uploadCertificate(h, other, fresh.id, PDF);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/save your licence and insurance details/);
  });

  it('is the owner’s alone (403 for another owner and for an admin, 401 signed out)', async () => {
    expect((await uploadCertificate(h, userOf(h, 'business'), company.id, PDF)).statusCode).toBe(403);
    expect((await uploadCertificate(h, userOf(h, 'admin'), company.id, PDF)).statusCode).toBe(403);
    expect((await uploadCertificate(h, undefined, company.id, PDF)).statusCode).toBe(401);
  });
});
