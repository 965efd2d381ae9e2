import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Company, CompanyResponsivenessV1, OwnerCompany } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { sharedHarness, waitFor } from '@limo/platform/testing';
import { reviewEvent, type ReviewDoc } from '../../src/domain/review.js';
import { ReviewsRepository } from '../../src/repositories/reviews.repository.js';
import { call, ownerListing, userOf } from '../support.js';
import { startClockedDirectory } from './credentials-support.js';

// Responsiveness and Top Rated (issue 21): quotes' `company.responsiveness.v1` lands on the company
// (`responseTimeHours`, `responseRate`, page and search), and the `top-rated` badge is judged from it,
// the rating and the verified-customer reviews of the last 12 months.

const h = sharedHarness(() => startClockedDirectory());

const page = async (id: string) => (await call(h, 'GET', `/api/companies/${id}`)).json<Company>();
const found = async (query = '') =>
  (await call(h, 'GET', `/api/companies?location=Miami%20Beach,%20FL&limit=100${query}`)).json<Company[]>();

async function listed(name: string): Promise<string> {
  const res = await call(h, 'POST', '/api/companies', userOf(h, 'business'), ownerListing({ name }));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<OwnerCompany>().id;
}

function responsiveness(companyId: string, data: Partial<CompanyResponsivenessV1['data']>): EventEnvelope {
  const computedAt = data.computedAt ?? new Date().toISOString();
  return {
    id: randomUUID(),
    type: 'company.responsiveness.v1',
    occurredAt: computedAt,
    key: companyId,
    data: { companyId, leadCount: 4, repliedCount: 3, fastReplyCount: 3, medianBusinessHours: 2.5, computedAt, ...data },
  };
}

/** `n` approved reviews of `rating` stars written to the store (verified customers unless said), then the rating event. */
async function reviewed(companyId: string, n: number, rating: number, options: { verified?: boolean; createdAt?: string } = {}) {
  const reviews = await ReviewsRepository.create(h.ctx.store);
  const docs: ReviewDoc[] = Array.from({ length: n }, (_, i) => ({
    _id: randomUUID(),
    companyId,
    userId: null,
    rating,
    comment: `Great ride number ${i}, on time and spotless.`,
    reviewerName: `Rider ${i}`,
    status: 'approved',
    fingerprint: randomUUID(),
    createdAt: options.createdAt ?? new Date().toISOString(),
    decidedAt: null,
    decidedBy: null,
    verifiedCustomer: options.verified ?? true,
  }));
  await reviews.insertApproved(docs);
  await h.ctx.bus.publish([reviewEvent('review.approved.v1', docs[0])]);
}

describe('responseTimeHours and responseRate', () => {
  it('are null until quotes publishes; then carried by the page and by search, with fewer than 3 leads null again', async () => {
    const id = await listed('Quick Answer Limo');
    expect(await page(id)).toMatchObject({ responseTimeHours: null, responseRate: null });

    await h.ctx.bus.publish([responsiveness(id, { computedAt: '2026-11-20T10:00:00.000Z' })]);
    await waitFor(async () => (await page(id)).responseTimeHours === 2.5, 5_000, 'responsiveness on the page');
    expect(await page(id)).toMatchObject({ responseTimeHours: 2.5, responseRate: 0.75 });
    await waitFor(async () => (await found()).find((c) => c.id === id)?.responseRate === 0.75, 5_000, 'responsiveness in search');

    // An older computation arriving late changes nothing; a replay neither.
    await h.ctx.bus.publish([responsiveness(id, { computedAt: '2026-11-19T10:00:00.000Z', medianBusinessHours: 40, repliedCount: 1 })]);
    await h.ctx.bus.publish([responsiveness(id, { computedAt: '2026-11-20T10:00:00.000Z' })]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await page(id)).toMatchObject({ responseTimeHours: 2.5, responseRate: 0.75 });

    // Two leads in the window: not enough to show.
    await h.ctx.bus.publish([responsiveness(id, { computedAt: '2026-11-21T10:00:00.000Z', leadCount: 2, repliedCount: 2 })]);
    await waitFor(async () => (await page(id)).responseRate === null, 5_000, 'hidden below 3 leads');
    expect((await page(id)).responseTimeHours).toBeNull();
  });
});

describe('the top-rated badge', () => {
  it('needs a 4.8 rating, 5 verified-customer reviews of the last 12 months and 75% of leads answered within 4 business hours; GET /api/companies?badges=top-rated finds it', async () => {
    const top = await listed('Top Rated Limo');
    const slow = await listed('Slow Answer Limo');
    const unverified = await listed('Unverified Reviews Limo');
    const old = await listed('Old Reviews Limo');
    await reviewed(top, 5, 5);
    await reviewed(slow, 5, 5);
    await reviewed(unverified, 5, 5, { verified: false });
    await reviewed(old, 5, 5, { createdAt: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    for (const id of [top, unverified, old]) await h.ctx.bus.publish([responsiveness(id, { leadCount: 4, fastReplyCount: 3 })]);
    // Half of its leads answered within 4 business hours: below 75%.
    await h.ctx.bus.publish([responsiveness(slow, { leadCount: 4, repliedCount: 4, fastReplyCount: 2 })]);

    await waitFor(async () => (await page(top)).badges.includes('top-rated'), 5_000, 'top-rated on the page');
    await waitFor(async () => (await page(slow)).responseRate === 1, 5_000, 'slow company updated');
    for (const id of [slow, unverified, old]) expect((await page(id)).badges).not.toContain('top-rated');
    await waitFor(async () => (await found('&badges=top-rated')).some((c) => c.id === top), 5_000, 'top-rated filter');
    expect((await found('&badges=top-rated')).map((c) => c.id)).toEqual([top]);
    // The badge ranks first in the default order among otherwise equal companies.
    const order = (await found()).map((c) => c.id);
    expect(order.indexOf(top)).toBeLessThan(order.indexOf(slow));

    // 13 months on, the verified reviews left the window: the periodic check takes the badge away.
    const judge = h.service.deps.topRated;
    expect(await judge.recheck(new Date())).toBe(0);
    expect((await page(top)).badges).toContain('top-rated');
    expect(await judge.recheck(new Date(Date.now() + 396 * 86_400_000))).toBe(1);
    await waitFor(async () => !(await page(top)).badges.includes('top-rated'), 5_000, 'badge lost as reviews aged');
    // New verified reviews and fresh responsiveness earn it again.
    await reviewed(top, 5, 5);
    await h.ctx.bus.publish([responsiveness(top, { leadCount: 4, fastReplyCount: 4 })]);
    await waitFor(async () => (await page(top)).badges.includes('top-rated'), 5_000, 'badge earned again');

    // A one-star review pulls the rating below 4.8: the badge goes, and the filter lets it go.
    await reviewed(top, 1, 1);
    await waitFor(async () => !(await page(top)).badges.includes('top-rated'), 5_000, 'badge lost with the rating');
    await waitFor(async () => (await found('&badges=top-rated')).length === 0, 5_000, 'filter after the rating fell');
  });

  it('refuses an unknown badge in the filter, naming the four', async () => {
    const bad = await call(h, 'GET', '/api/companies?badges=licensed,fastest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Badges must be among verified-owner, licensed, insured, top-rated');
  });
});
