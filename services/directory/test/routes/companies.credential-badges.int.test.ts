import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '@limo/contracts';
import { waitFor } from '@limo/platform/testing';
import { call, userOf, type TestUser } from '../support.js';
import { dayAfter, listedWithCredentials, noonOf, startClockedDirectory } from './credentials-support.js';
import type { Harness } from '../support.js';

// The directory runs on a clock the test moves: the insured badge is judged on its day.
let clock = new Date();
let h: Harness;
let admin: TestUser;

beforeAll(async () => {
  h = await startClockedDirectory(() => clock);
  admin = userOf(h, 'admin');
});
afterAll(() => h.close());

const page = async (id: string) => (await call(h, 'GET', `/api/companies/${id}`)).json<Company>();
const found = async (query: string) =>
  (await call(h, 'GET', `/api/companies?location=Miami%20Beach,%20FL&limit=100${query}`)).json<Company[]>();
const ids = async (query: string) => (await found(query)).map((c) => c.id);

async function verified(name: string, days: number) {
  const owner = userOf(h, 'business');
  const { company, credentials } = await listedWithCredentials(h, owner, name, days);
  const res = await call(h, 'POST', `/api/admin/credential-verifications/${company.id}/approve`, admin);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { owner, id: company.id, expiresOn: credentials.insuranceExpiresOn! };
}

describe('the licensed and insured badges (issue 21, credentials)', () => {
  it('GET /api/companies?badges=licensed,insured finds only companies carrying both, with the badges in each company', async () => {
    const both = await verified('Badge Filter Limo', 200);
    const pending = await listedWithCredentials(h, userOf(h, 'business'), 'Pending Badge Limo');
    await waitFor(async () => (await ids('&badges=licensed,insured')).includes(both.id), 5_000, 'indexed with badges');
    const hits = await found('&badges=licensed,insured');
    expect(hits.map((c) => c.id)).not.toContain(pending.company.id);
    expect(hits.find((c) => c.id === both.id)).toMatchObject({ badges: ['licensed', 'insured'], insuranceExpiresOn: both.expiresOn });
    expect(await ids('')).toEqual(expect.arrayContaining([both.id, pending.company.id]));
    // Unknown badges are a 400 naming the accepted ones.
    const bad = await call(h, 'GET', '/api/companies?badges=licensed,bogus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/verified-owner, licensed, insured, top-rated/);
  });

  it('mails the owner once 30 days before the insurance ends; the insured badge goes (page and search) the day after it ends', async () => {
    const realNow = new Date();
    const { owner, id, expiresOn } = await verified('Expiring Insurance Limo', 60);
    expect(expiresOn).toBe(dayAfter(realNow, 60));
    const reminders = async () => (await h.ctx.outbox()).filter((m) => m.to === owner.email && m.tag === 'insurance-expiring');
    const watch = h.service.deps.credentialWatch;

    clock = noonOf(dayAfter(realNow, 29));
    await watch.run(clock);
    expect(await reminders()).toHaveLength(0);

    clock = noonOf(dayAfter(realNow, 30));
    await watch.run(clock);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.subject).toBe(`Expiring Insurance Limo: your insurance expires on ${expiresOn}`);
    // Once per expiry date, however often the check runs.
    await watch.run(noonOf(dayAfter(realNow, 45)));
    expect(await reminders()).toHaveLength(1);

    // The last day still counts.
    clock = noonOf(expiresOn);
    await watch.run(clock);
    expect(await page(id)).toMatchObject({ badges: ['licensed', 'insured'], insuranceExpiresOn: expiresOn });
    expect(await ids('&badges=insured')).toContain(id);

    // The day after: gone from the page at once, and from search (the check re-indexes the company).
    clock = noonOf(dayAfter(noonOf(expiresOn), 1));
    expect(await page(id)).toMatchObject({ badges: ['licensed'], insuranceExpiresOn: null });
    expect(await watch.run(clock)).toMatchObject({ lapsed: 1 });
    await waitFor(async () => !(await ids('&badges=insured')).includes(id), 5_000, 'insured filter after expiry');
    expect(await ids('&badges=licensed')).toContain(id);
    expect((await found('')).find((c) => c.id === id)?.badges).toEqual(['licensed']);
    expect(await watch.run(clock)).toMatchObject({ lapsed: 0 });
    clock = new Date();
  });

  it('a suspended listing shows no licensed or insured badge', async () => {
    const { id } = await verified('Suspended Badge Limo', 100);
    await call(h, 'PUT', `/api/admin/companies/${id}/suspend`, admin);
    expect((await page(id)).badges).toEqual([]);
    await waitFor(async () => !(await ids('&badges=licensed')).includes(id), 5_000, 'suspended leaves the filter');
  });
});
