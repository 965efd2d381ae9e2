import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CHANGE_REQUEST_STALE_MESSAGE, type ChangeRequest, type OwnerCompany } from '@limo/contracts';
import { sharedHarness, sharedUser, waitFor } from '@limo/platform/testing';
import { call, claimApprovedEvent, expectMail, ownerListing, startDirectory, userOf } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

/** A new business owner's listing `name` ($75 an hour), and its change request of `changes`, waiting for an admin. */
async function pendingChange(name: string, changes: Record<string, unknown>) {
  const owner = userOf(h, 'business');
  const listed = await call(h, 'POST', '/api/companies', owner, ownerListing({ name, hourlyRateStart: '75' }));
  expect(listed.statusCode).toBe(201);
  const company = listed.json<OwnerCompany>();
  const res = await call(h, 'PUT', `/api/companies/${company.id}`, owner, changes);
  expect(res.statusCode).toBe(202);
  return { owner, company, request: res.json<{ changeRequest: ChangeRequest }>().changeRequest };
}

describe('POST /api/admin/change-requests/{id}/approve never overwrites a newer edit (issue 17, defect 10)', () => {
  it('the scenario: request while pending, claim approved, direct edit ($89), old request approved → 409, nothing changed', async () => {
    const { owner, company, request } = await pendingChange('Defect Ten Limo', {
      description: 'Written at request time',
      hourlyRateStart: 79,
    });
    expect(request.baseVersion).toBe(1);

    // The claim is approved: the business is verified, its owner edits directly from now on.
    await h.ctx.bus.publish([claimApprovedEvent(company.id, owner.id, owner.email)]);
    await waitFor(
      async () =>
        (await call(h, 'GET', '/api/admin/change-requests?status=closed', admin)).json<ChangeRequest[]>().some((r) => r.id === request.id),
      5_000,
      'request closed on verification',
    );
    const direct = await call(h, 'PUT', `/api/companies/${company.id}`, owner, {
      description: 'The newer description',
      hourlyRateStart: 89,
    });
    expect(direct.statusCode).toBe(200);

    const res = await call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin);
    expect(res.statusCode).toBe(409);
    const now = (await call(h, 'GET', `/api/companies/${company.id}`)).json<OwnerCompany>();
    expect(now).toMatchObject({ description: 'The newer description', hourlyRateStart: 89 });

    // The owner was told why the request was closed.
    await expectMail(h, owner.email, 'change-request-closed', {
      subject: 'Your change request for Defect Ten Limo was closed',
      says: 'edit your listing directly',
    });
  });

  it('answers 409 "The listing changed since this request" when a requested field was edited since, and changes nothing', async () => {
    const { company, request } = await pendingChange('Stale Request Limo', { description: 'Old idea', hourlyRateStart: 79 });
    // An admin edits the listing directly meanwhile.
    const edit = await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, {
      description: 'Fixed by the admin',
      hourlyRateStart: 89,
    });
    expect(edit.statusCode).toBe(200);

    // The queue shows the live values beside the requested ones, and says the request is stale.
    const queued = (await call(h, 'GET', '/api/admin/change-requests', admin)).json<ChangeRequest[]>().find((r) => r.id === request.id);
    expect(queued).toMatchObject({
      changes: { description: 'Old idea', hourlyRateStart: 79 },
      previous: { hourlyRateStart: 75 },
      current: { description: 'Fixed by the admin', hourlyRateStart: 89 },
      stale: true,
    });

    const res = await call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CHANGE_REQUEST_STALE_MESSAGE });
    expect(CHANGE_REQUEST_STALE_MESSAGE).toBe('The listing changed since this request; review it again');
    expect((await call(h, 'GET', `/api/companies/${company.id}`)).json()).toMatchObject({
      description: 'Fixed by the admin',
      hourlyRateStart: 89,
    });
    // Still pending: the admin can reject it.
    const reject = await call(h, 'POST', `/api/admin/change-requests/${request.id}/reject`, admin, { reason: 'Superseded' });
    expect(reject.json().changeRequest).toMatchObject({ status: 'rejected', note: 'Superseded' });
  });

  it('approves a request the listing already holds (an approval that wrote the changes and stopped before deciding)', async () => {
    const { owner, company, request } = await pendingChange('Half Approved Limo', {
      description: 'Written, not decided',
      hourlyRateStart: 79,
    });
    // The state a crash between the write and the decision leaves: the listing has the changes, the request is pending.
    const write = await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, {
      description: 'Written, not decided',
      hourlyRateStart: 79,
    });
    expect(write.statusCode).toBe(200);
    const queued = (await call(h, 'GET', '/api/admin/change-requests', admin)).json<ChangeRequest[]>().find((r) => r.id === request.id);
    expect(queued).toMatchObject({ status: 'pending', stale: false });

    const res = await call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changeRequest: { status: 'approved' },
      company: { description: 'Written, not decided', hourlyRateStart: 79 },
    });
    await expectMail(h, owner.email, 'change-request-approved', {
      subject: 'Your changes to Half Approved Limo are live',
      says: 'approved the changes',
    });
  });

  it('approves a request whose fields are untouched although the listing changed elsewhere, and mails the owner', async () => {
    const { owner, company, request } = await pendingChange('Untouched Fields Limo', { description: 'A better description' });
    await call(h, 'PUT', `/api/admin/companies/${company.id}`, admin, { phone: '(305) 555-0142' });
    const res = await call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toMatchObject({ description: 'A better description', phone: '(305) 555-0142' });
    await expectMail(h, owner.email, 'change-request-approved', {
      subject: 'Your changes to Untouched Fields Limo are live',
      says: 'approved the changes',
    });
  });

  it('mails the owner a rejection with its reason', async () => {
    const { owner, request } = await pendingChange('Rejected Request Limo', { website: 'https://elsewhere.example.com' });
    const res = await call(h, 'POST', `/api/admin/change-requests/${request.id}/reject`, admin, { reason: 'That website is not yours' });
    expect(res.statusCode).toBe(200);
    await expectMail(h, owner.email, 'change-request-rejected', {
      subject: 'Your changes to Rejected Request Limo were not approved',
      says: 'Reason: That website is not yours',
    });
  });

  // Two admins on one request at once: approve applies the changes, then records the decision.
  it('lets one of an approve and a reject at once decide; the other answers 409 and the listing matches the decision', async () => {
    const { company, request } = await pendingChange('Two Admins Limo', { description: 'Decided once' });
    const { edits } = h.service.deps;
    const apply = edits.apply.bind(edits);
    // The company write takes a moment, as MongoDB's over the network do.
    edits.apply = async (...args) => {
      await delay(100);
      return apply(...args);
    };
    const [approve, reject] = await Promise.all([
      call(h, 'POST', `/api/admin/change-requests/${request.id}/approve`, admin),
      delay(20).then(() => call(h, 'POST', `/api/admin/change-requests/${request.id}/reject`, admin, {})),
    ]).finally(() => (edits.apply = apply));
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const decided = approve.statusCode === 200 ? 'approved' : 'rejected';
    const queue = await call(h, 'GET', '/api/admin/change-requests?status=all', admin);
    expect(queue.json<ChangeRequest[]>().find((c) => c.id === request.id)?.status).toBe(decided);
    const live = await call(h, 'GET', `/api/companies/${company.id}`);
    expect(live.json<{ description: string }>().description === 'Decided once').toBe(decided === 'approved');
  });
});
