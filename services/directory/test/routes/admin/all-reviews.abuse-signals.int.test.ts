import { describe, expect, it } from 'vitest';
import type { AdminReview } from '@limo/contracts';
import { adminCreate, call, sharedHarness, sharedUser, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

/** A review from a given address and device (header), or a fresh one each. */
async function review(companyId: string, name: string, client: { ip?: string; device?: string; comment?: string } = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { companyId, rating: 5, reviewerName: name, comment: client.comment ?? `A long enough comment from ${name} about the ride` },
    remoteAddress: client.ip ?? `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: client.device ? { 'x-device-id': client.device } : {},
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ id: string }>().id, cookie: res.headers['set-cookie'] };
}

const admins = async (query = '') => (await call(h, 'GET', `/api/admin/all-reviews${query}`, admin)).json<AdminReview[]>();
const signalsOf = (list: AdminReview[], id: string) => list.find((r) => r.id === id)?.abuseSignals;

describe('abuse signals in the admin Reviews list (issue 21)', () => {
  it('marks same address, same device, very short text and a reviewer of a competitor in the same city; filters and search find them', async () => {
    const target = (await adminCreate(h, admin, { name: 'Signal Target Limo', city: 'Reno', state: 'NV' })).id;
    const rival = (await adminCreate(h, admin, { name: 'Rival Limo', city: 'Reno', state: 'NV' })).id;
    const far = (await adminCreate(h, admin, { name: 'Far Limo', city: 'Boise', state: 'ID' })).id;

    const clean = await review(far, 'Clean Carla');
    const a1 = await review(target, 'Sock One', { ip: '10.50.0.1' });
    const a2 = await review(target, 'Sock Two', { ip: '10.50.0.1' });
    const d1 = await review(target, 'Device One', { device: 'dev-123' });
    const competitor = await review(rival, 'Device Rival', { device: 'dev-123', comment: 'Bad' });

    const list = await admins();
    expect(signalsOf(list, clean.id)).toEqual([]);
    expect(signalsOf(list, a1.id)).toEqual(expect.arrayContaining(['same-address', 'burst']));
    expect(signalsOf(list, a2.id)).toContain('same-address');
    expect(signalsOf(list, d1.id)).toEqual(expect.arrayContaining(['competitor-reviewer']));
    expect(signalsOf(list, d1.id)).not.toContain('same-address');
    expect(signalsOf(list, competitor.id)).toEqual(expect.arrayContaining(['short-text', 'competitor-reviewer']));

    // A browser without a device id gets a cookie; its next review of the company shares the device.
    expect(String(clean.cookie)).toMatch(/limo_device=/);
    const cookie = String(clean.cookie).split(';')[0];
    const first = await h.app.inject({
      method: 'POST',
      url: '/api/reviews',
      remoteAddress: '10.60.0.1',
      headers: { cookie },
      payload: { companyId: far, rating: 2, reviewerName: 'Cookie Again', comment: 'Another long enough comment here' },
    });
    expect(signalsOf(await admins(), first.json<{ id: string }>().id)).toContain('same-device');

    expect((await admins('?signal=competitor-reviewer')).map((r) => r.id).sort()).toEqual([d1.id, competitor.id].sort());
    expect((await admins('?signal=short-text')).map((r) => r.id)).toEqual([competitor.id]);
    expect((await admins('?q=sock')).map((r) => r.id).sort()).toEqual([a1.id, a2.id].sort());
    expect((await admins('?q=rival%20limo')).map((r) => r.id)).toEqual([competitor.id]);
    const lone = await review((await adminCreate(h, admin, { name: 'Lone Limo', city: 'Provo', state: 'UT' })).id, 'Lone Larry');
    const flagged = (await admins('?signal=any')).map((r) => r.id);
    expect(flagged).toEqual(expect.arrayContaining([a1.id, d1.id, competitor.id, clean.id]));
    expect(flagged).not.toContain(lone.id);
    const bad = await call(h, 'GET', '/api/admin/all-reviews?signal=nope', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('never stores the raw client address', async () => {
    const company = (await adminCreate(h, admin, { name: 'Privacy Limo', city: 'Reno', state: 'NV' })).id;
    const { id } = await review(company, 'Private Pat', { ip: '10.99.88.77', device: 'device-secret' });
    const stored = JSON.stringify(await h.ctx.store.collection('reviews').then((c) => c.findOne({ _id: id })));
    expect(stored).not.toContain('10.99.88.77');
    expect(stored).not.toContain('device-secret');
    expect(stored).toMatch(/"ipHash":"[\w-]{32}"/);
  });
});
