import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCreate, call, postReview, sharedHarness, sharedUser, startDirectory } from '../support.js';
import { directoryEnvSchema } from '../../src/settings.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
let companyId: string;

beforeAll(async () => {
  companyId = (await adminCreate(h, admin, { name: 'Review Target Limo', city: 'Denver', state: 'CO' })).id;
});

const review = (body: Record<string, unknown>, ip?: string) => postReview(h, { companyId, ...body }, ip);

describe('POST /api/reviews: validation and anti-spam', () => {
  it.each([
    [{ rating: 5 }, 'Please enter your name'],
    [{ rating: 5, reviewerName: '   ' }, 'Please enter your name'],
    [{ rating: 0, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 6, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 4.5, reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 'five', reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ reviewerName: 'A' }, 'Please select a rating from 1 to 5'],
    [{ rating: 5, reviewerName: 'A', comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await review(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts a comment-less review and a rating sent as text', async () => {
    const res = await review({ rating: '3', reviewerName: 'Jo' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 3, comment: null });
  });

  it('answers 404 for an unknown company and 400 without one', async () => {
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { companyId: 'nope', rating: 5, reviewerName: 'K' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
    const missing = await h.app.inject({ method: 'POST', url: '/api/reviews', payload: { rating: 5, reviewerName: 'K' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Company is required');
  });

  it('refuses the same review posted twice with 409', async () => {
    expect((await review({ rating: 5, reviewerName: 'Lee', comment: 'Great driver!' })).statusCode).toBe(201);
    const again = await review({ rating: 5, reviewerName: 'lee', comment: 'Great   driver!' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already submitted this review. It will be visible once approved.');
  });

  it('stores one of the same review posted twice at once (a double click), and answers the other 409', async () => {
    // Each write takes a moment to be visible, as MongoDB's over the network do.
    const { reviews } = h.service.deps;
    const submit = reviews.submit.bind(reviews);
    reviews.submit = async (input) => {
      await delay(50);
      return submit(input);
    };
    const posts = await Promise.all([1, 2].map(() => review({ rating: 4, reviewerName: 'Kim', comment: 'On time, clean car' }))).finally(
      () => (reviews.submit = submit),
    );
    expect(posts.map((p) => p.statusCode).sort()).toEqual([201, 409]);
    const pending: Array<{ reviewerName: string }> = (await call(h, 'GET', '/api/admin/pending-reviews', admin)).json();
    expect(pending.filter((r) => r.reviewerName === 'Kim')).toHaveLength(1);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const res = await review({ rating: 5, reviewerName: 'Bot', comment: 'Buy now', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    const pending = (await call(h, 'GET', '/api/admin/pending-reviews', admin)).json();
    expect(pending.some((r: { reviewerName: string }) => r.reviewerName === 'Bot')).toBe(false);
  });

  it('limits reviews per address', async () => {
    const ip = '10.200.0.1';
    const limit = directoryEnvSchema.parse(h.ctx.env).REVIEW_RATE_LIMIT_PER_HOUR;
    for (let i = 0; i < limit; i++) expect((await review({ rating: 5, reviewerName: `Fan ${i}` }, ip)).statusCode).toBe(201);
    const blocked = await review({ rating: 5, reviewerName: 'One too many' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
