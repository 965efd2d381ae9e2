import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewLinkKey, signReviewLink } from '@limo/platform';
import { adminCreate, call, sharedHarness, sharedUser, startDirectory } from '../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');
let companyId: string;
let otherId: string;

beforeAll(async () => {
  companyId = (await adminCreate(h, admin, { name: 'Verified Target Limo', city: 'Austin', state: 'TX' })).id;
  otherId = (await adminCreate(h, admin, { name: 'Other Limo', city: 'Austin', state: 'TX' })).id;
});

const link = (over: { companyId?: string; expiresAt?: Date; key?: Buffer } = {}) =>
  signReviewLink(
    {
      quoteId: randomUUID(),
      companyId: over.companyId ?? companyId,
      customerName: 'Quincy Quote',
      expiresAt: over.expiresAt ?? new Date(Date.now() + 86_400_000),
    },
    over.key ?? reviewLinkKey(h.ctx.config.JWT_SECRET),
  );

const post = (body: Record<string, unknown>) => call(h, 'POST', '/api/reviews', undefined, { companyId, rating: 4, ...body });

describe('POST /api/reviews with reviewToken (issue 21)', () => {
  it('posts a verified customer review named after the quote, once; the company page can show only verified ones', async () => {
    const token = link();
    const info = await call(h, 'GET', `/api/reviews/links?reviewToken=${token}`);
    expect(info.json()).toEqual({ companyId, reviewerName: 'Quincy Quote', expiresAt: expect.any(String) });

    const res = await post({ reviewToken: token, comment: 'Driver was early and kind' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reviewerName: 'Quincy Quote', verifiedCustomer: true, status: 'pending' });

    const again = await post({ reviewToken: token, comment: 'Second try' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This review link was already used');
    expect((await call(h, 'GET', `/api/reviews/links?reviewToken=${token}`)).statusCode).toBe(409);

    const plain = await post({ rating: 1, reviewerName: 'Walk-in', comment: 'Never heard of them' });
    await call(h, 'POST', `/api/admin/reviews/${res.json().id}/approve`, admin);
    await call(h, 'POST', `/api/admin/reviews/${plain.json().id}/approve`, admin);

    const all = (await call(h, 'GET', `/api/companies/${companyId}`)).json();
    expect(all).toMatchObject({ rating: 2.5, reviewCount: 2 });
    const verified = (await call(h, 'GET', `/api/companies/${companyId}?verifiedCustomer=true`)).json();
    expect(verified).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(verified.reviews).toEqual([expect.objectContaining({ reviewerName: 'Quincy Quote', verifiedCustomer: true })]);
    const list = (await call(h, 'GET', `/api/companies/${companyId}/reviews?verifiedCustomer=true`)).json();
    expect(list.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Quincy Quote']);
  });

  it('refuses an expired, forged or other-company link, and still asks for a name without one', async () => {
    const expired = await post({ reviewToken: link({ expiresAt: new Date(Date.now() - 1000) }) });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This review link has expired');

    const forged = await post({ reviewToken: link({ key: Buffer.from('not the server key') }) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('This review link is not valid');
    expect((await post({ reviewToken: 'garbage' })).statusCode).toBe(400);

    const elsewhere = await post({ reviewToken: link({ companyId: otherId }) });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('This review link is for another company');

    const anonymous = await post({ comment: 'no name' });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().errors).toEqual([{ field: 'reviewerName', message: 'Please enter your name' }]);
  });
});
