import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCertificate, MAX_CERTIFICATE_BYTES } from '../../src/domain/certificate.js';
import { newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import {
  certificateKey,
  companyBadges,
  insuranceExpiresOn,
  isAwaitingVerification,
  submitted,
  toCredentials,
  type CredentialsDoc,
} from '../../src/domain/credentials.js';
import { png } from '../images.js';

// A company's credentials (licence and insurance): what the owner sends, what an admin verified, and
// the badges that follow from it on a given day.

const verifiedFields = { usdotNumber: '1234567', permitNumber: null, insuranceCarrier: 'Acme Mutual', insuranceExpiresOn: '2026-12-31' };
const credentials = (fields: Partial<CredentialsDoc> = {}): CredentialsDoc => ({
  ...verifiedFields,
  certificate: { key: 'certificate_1', contentType: 'application/pdf', bytes: 1000, uploadedAt: '2026-01-01T00:00:00.000Z' },
  status: 'verified',
  submittedAt: '2026-01-01T00:00:00.000Z',
  decision: { by: 'admin-1', at: '2026-01-02T00:00:00.000Z', reason: null },
  verified: { ...verifiedFields, at: '2026-01-02T00:00:00.000Z', by: 'admin-1' },
  reminderSentFor: null,
  lapsedFor: null,
  ...fields,
});
const company = (fields: Partial<CompanyDoc> = {}): CompanyDoc => ({
  ...newCompanyDoc({ _id: randomUUID(), name: 'Dana Limos', createdAt: '2026-01-01T00:00:00.000Z', ...fields }),
  version: 1,
});

describe("a company's badges", () => {
  const now = new Date('2026-12-31T17:00:00Z');

  it('are licensed and insured from what an admin verified, insured until the last day of the insurance', () => {
    const c = company({ credentials: credentials() });
    expect(companyBadges(c, now)).toEqual(['licensed', 'insured']);
    expect(companyBadges(c, new Date('2027-01-01T17:00:00Z'))).toEqual(['licensed']);
    expect(insuranceExpiresOn(c, '2026-12-31')).toBe('2026-12-31');
    expect(insuranceExpiresOn(c, '2027-01-01')).toBeNull();
  });

  it('count a permit number as a licence, and nothing an admin has not verified', () => {
    const permit = { ...verifiedFields, usdotNumber: null, permitNumber: 'P-9' };
    expect(companyBadges(company({ credentials: credentials({ verified: { ...permit, at: 'x', by: 'y' } }) }), now)).toEqual([
      'licensed',
      'insured',
    ]);
    const neither = { ...verifiedFields, usdotNumber: null, permitNumber: null };
    expect(companyBadges(company({ credentials: credentials({ verified: { ...neither, at: 'x', by: 'y' } }) }), now)).toEqual(['insured']);
    expect(companyBadges(company({ credentials: credentials({ status: 'pending', verified: null }) }), now)).toEqual([]);
    expect(insuranceExpiresOn(company(), '2026-01-01')).toBeNull();
  });

  it('add Verified Owner and Top Rated, and are all gone while suspended', () => {
    const approval = { source: 'claim' as const, by: 'admin-1', at: '2026-01-01T00:00:00.000Z' };
    const full = company({ ownerApproval: approval, credentials: credentials(), topRated: true });
    expect(companyBadges(full, now)).toEqual(['verified-owner', 'licensed', 'insured', 'top-rated']);
    expect(companyBadges({ ...full, suspendedAt: '2026-06-01T00:00:00.000Z' }, now)).toEqual([]);
    expect(companyBadges(company({ topRated: false }), now)).toEqual([]);
  });
});

describe('credentials sent by the owner', () => {
  const body = { usdotNumber: '7654321', permitNumber: 'P-1', insuranceCarrier: 'New Carrier', insuranceExpiresOn: '2027-06-30' };

  it('wait for an admin again, keeping the certificate, the last decision and what was verified', () => {
    const current = credentials({ reminderSentFor: '2026-12-31', lapsedFor: '2026-12-31' });
    expect(submitted(current, body, '2026-12-01T00:00:00.000Z')).toEqual({
      ...body,
      certificate: current.certificate,
      status: 'pending',
      submittedAt: '2026-12-01T00:00:00.000Z',
      decision: current.decision,
      verified: current.verified,
      reminderSentFor: '2026-12-31',
      lapsedFor: '2026-12-31',
    });
    expect(submitted(null, body, '2026-12-01T00:00:00.000Z')).toEqual({
      ...body,
      certificate: null,
      status: 'pending',
      submittedAt: '2026-12-01T00:00:00.000Z',
      decision: null,
      verified: null,
      reminderSentFor: null,
      lapsedFor: null,
    });
  });

  it('are in the queue once pending with a certificate', () => {
    expect(isAwaitingVerification(company({ credentials: credentials({ status: 'pending' }) }))).toBe(true);
    expect(isAwaitingVerification(company({ credentials: credentials({ status: 'pending', certificate: null }) }))).toBe(false);
    expect(isAwaitingVerification(company({ credentials: credentials() }))).toBe(false);
    expect(isAwaitingVerification(company())).toBe(false);
  });

  it("are shown to the owner with the certificate's own route and a rejection's reason", () => {
    const c = company({
      _id: 'company/1',
      credentials: credentials({ status: 'rejected', decision: { by: 'admin-1', at: '2026-01-03T00:00:00.000Z', reason: 'Blurry' } }),
    });
    expect(toCredentials(c)).toEqual({
      companyId: 'company/1',
      ...verifiedFields,
      hasCertificate: true,
      certificateUrl: '/api/my-companies/company%2F1/credentials/certificate',
      status: 'rejected',
      rejectionReason: 'Blurry',
      submittedAt: '2026-01-01T00:00:00.000Z',
      decidedAt: '2026-01-03T00:00:00.000Z',
    });
    expect(toCredentials({ ...c, credentials: credentials({ certificate: null }) })).toMatchObject({
      hasCertificate: false,
      certificateUrl: null,
      status: 'verified',
      rejectionReason: null,
    });
    expect(toCredentials(company({ _id: 'c2' }))).toEqual({
      companyId: 'c2',
      usdotNumber: null,
      permitNumber: null,
      insuranceCarrier: null,
      insuranceExpiresOn: null,
      hasCertificate: false,
      certificateUrl: null,
      status: 'none',
      rejectionReason: null,
      submittedAt: null,
      decidedAt: null,
    });
  });

  it('keep their certificate under a key the image route never serves', () => {
    expect(certificateKey('abc')).toBe('certificate_abc');
  });
});

describe('an insurance certificate', () => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

  it('is a PDF by its content, kept as sent', async () => {
    const bytes = pdf('1 0 obj << >> endobj');
    expect(await checkCertificate(bytes)).toEqual({ ok: true, data: bytes, contentType: 'application/pdf' });
    expect(await checkCertificate(Buffer.from('%PDF-2.0\n%%EOF', 'latin1'))).toMatchObject({ ok: true, contentType: 'application/pdf' });
  });

  it('or an image, re-encoded to WebP', async () => {
    expect(await checkCertificate(await png(200, 200))).toMatchObject({ ok: true, contentType: 'image/webp' });
    expect(await checkCertificate(await png(50, 50))).toEqual({
      ok: false,
      message: "Please select an image that's at least 100x100 pixels",
    });
  });

  it('is refused when neither, when a PDF lacks its end marker, or over 5 MB', async () => {
    const notAccepted = { ok: false, message: 'Please upload the certificate as a PDF or an image (JPEG, PNG or WebP)' };
    expect(await checkCertificate(Buffer.from('hello, this is text'))).toEqual(notAccepted);
    expect(await checkCertificate(Buffer.from('%PDF-3.0\n%%EOF', 'latin1'))).toEqual(notAccepted);
    expect(await checkCertificate(Buffer.concat([Buffer.from('%PDF-1.4\n%%EOF\n'), Buffer.alloc(2_000, 32)]))).toEqual(notAccepted);
    // A PNG signature over bytes that are no image.
    expect(
      await checkCertificate(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)])),
    ).toEqual(notAccepted);
    expect(await checkCertificate(Buffer.concat([pdf(''), Buffer.alloc(MAX_CERTIFICATE_BYTES)]))).toEqual({
      ok: false,
      message: 'Please upload a certificate smaller than 5MB',
    });
    expect(await checkCertificate(pdf('x'.repeat(MAX_CERTIFICATE_BYTES - 100)))).toMatchObject({ ok: true });
  });
});
