import { describe, expect, it } from 'vitest';
import type { AuditLogPage, Company, CredentialVerification, OwnerCompany } from '@limo/contracts';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { call, expectAdminOnlyQueue, ownerListing, userOf } from '../../support.js';
import { credentialsBody, listedWithCredentials, startClockedDirectory } from '../credentials-support.js';

const h = sharedHarness(() => startClockedDirectory());
const admin = sharedUser(h, 'admin');

const QUEUE = '/api/admin/credential-verifications';
const queue = async () => (await call(h, 'GET', QUEUE, admin)).json<CredentialVerification[]>();
const page = async (id: string) => (await call(h, 'GET', `/api/companies/${id}`)).json<Company>();
const monthOf = (day: string) => day.slice(0, 7);

describe('the credential verification queue (issue 21, credentials)', () => {
  it('lists credentials sent with a certificate, oldest first; details without a certificate wait with the owner', async () => {
    const first = userOf(h, 'business');
    const a = await listedWithCredentials(h, first, 'Queue Licensed First');
    const b = await listedWithCredentials(h, userOf(h, 'business'), 'Queue Licensed Second');
    const noCertificate = (
      await call(h, 'POST', '/api/companies', first, ownerListing({ name: 'No Certificate Limo' }))
    ).json<OwnerCompany>();
    await call(h, 'PUT', `/api/my-companies/${noCertificate.id}/credentials`, first, credentialsBody());
    const list = await queue();
    expect(list.map((v) => v.companyId)).toEqual([a.company.id, b.company.id]);
    expect(list[0]).toMatchObject({
      companyName: 'Queue Licensed First',
      ownerEmail: first.email,
      usdotNumber: '1234567',
      insuranceCarrier: 'Progressive Commercial',
      hasCertificate: true,
      status: 'pending',
    });
    // The admin opens the certificate from the queue.
    expect((await call(h, 'GET', list[0].certificateUrl!, admin)).headers['content-type']).toBe('application/pdf');
  });

  it('approve shows the Licensed and Insured badges with the expiry, mails the owner and writes the audit log', async () => {
    const owner = userOf(h, 'business');
    const { company, credentials } = await listedWithCredentials(h, owner, 'Approve Credentials Limo');
    expect((await page(company.id)).badges).toEqual([]);
    const res = await call(h, 'POST', `${QUEUE}/${company.id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credentials.status).toBe('verified');
    expect(await page(company.id)).toMatchObject({ badges: ['licensed', 'insured'], insuranceExpiresOn: credentials.insuranceExpiresOn });
    expect((await queue()).map((v) => v.companyId)).not.toContain(company.id);
    expect(monthOf((await page(company.id)).insuranceExpiresOn!)).toBe(monthOf(credentials.insuranceExpiresOn!));

    const mail = (await h.ctx.outbox()).find((m) => m.to === owner.email && m.tag === 'credentials-verified');
    expect(mail?.subject).toBe('Approve Credentials Limo: licence and insurance verified');
    expect(mail?.html).toContain('Licensed and Insured badges');
    await waitFor(
      async () =>
        (await call(h, 'GET', `/api/admin/audit-log?targetId=${company.id}&action=credentials.verified`, admin)).json<AuditLogPage>()
          .entries[0],
      5_000,
      'audit entry',
    ).then((entry) =>
      expect(entry).toMatchObject({ actorId: admin.id, targetType: 'company', details: { insuranceCarrier: 'Progressive Commercial' } }),
    );
    // Decided once.
    expect((await call(h, 'POST', `${QUEUE}/${company.id}/approve`, admin)).statusCode).toBe(409);
  });

  it('reject needs a reason, shows it to the owner, mails it and audits it; no badge', async () => {
    const owner = userOf(h, 'business');
    const { company } = await listedWithCredentials(h, owner, 'Reject Credentials Limo');
    const missing = await call(h, 'POST', `${QUEUE}/${company.id}/reject`, admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/reason/i);
    const res = await call(h, 'POST', `${QUEUE}/${company.id}/reject`, admin, { reason: 'The certificate names another company' });
    expect(res.statusCode).toBe(200);
    const mine = (await call(h, 'GET', `/api/my-companies/${company.id}/credentials`, owner)).json();
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: 'The certificate names another company' });
    expect((await page(company.id)).badges).toEqual([]);
    const mail = (await h.ctx.outbox()).find((m) => m.to === owner.email && m.tag === 'credentials-rejected');
    expect(mail?.text).toContain('Reason: The certificate names another company');
    await waitFor(
      async () =>
        (await call(h, 'GET', `/api/admin/audit-log?targetId=${company.id}&action=credentials.rejected`, admin)).json<AuditLogPage>()
          .entries.length === 1,
      5_000,
      'audit entry',
    );
    // Sent again (corrected details, the certificate kept): back in the queue.
    await call(h, 'PUT', `/api/my-companies/${company.id}/credentials`, owner, credentialsBody(300));
    expect((await queue()).map((v) => v.companyId)).toContain(company.id);
  });

  it('answers 404 for an unknown company, 409 for one with nothing waiting, 403 to non-admins, 401 signed out', async () => {
    expect((await call(h, 'POST', `${QUEUE}/no-such-company/approve`, admin)).statusCode).toBe(404);
    const bare = (
      await call(h, 'POST', '/api/companies', userOf(h, 'business'), ownerListing({ name: 'Nothing Sent Limo' }))
    ).json<OwnerCompany>();
    expect((await call(h, 'POST', `${QUEUE}/${bare.id}/approve`, admin)).statusCode).toBe(409);
    await expectAdminOnlyQueue(h, QUEUE);
  });
});
