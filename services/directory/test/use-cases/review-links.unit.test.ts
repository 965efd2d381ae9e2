import { beforeEach, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientHash, HttpError, reviewLinkKey, signReviewLink } from '@limo/platform';
import { refusal } from '@limo/platform/testing';
import type { DirectoryDeps } from '../../src/deps.js';
import { clientHashes, usableReviewLink } from '../../src/use-cases/review-links.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// The mailed review link (a verified customer's review) and the hashes abuse signals compare.

const SECRET = 'test-secret-test-secret-test-secret-123';
let w: DirectoryWorld;
let deps: DirectoryDeps;
beforeEach(async () => {
  w = await directoryWorld();
  // The link checks read the signing secret and the cookie setting from the context, and the reviews.
  deps = { ...w, ctx: { config: { JWT_SECRET: SECRET, COOKIE_SECURE: true } } } as unknown as DirectoryDeps;
});

const link = (quoteId: string, expiresAt: Date) =>
  signReviewLink({ quoteId, companyId: 'company-1', customerName: 'Jane Rider', expiresAt }, reviewLinkKey(SECRET));

describe('a review link', () => {
  it('gives its claims while unused and unexpired', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    expect(await usableReviewLink(deps, link('quote-1', expiresAt))).toEqual({
      quoteId: 'quote-1',
      companyId: 'company-1',
      customerName: 'Jane Rider',
      expiresAt: new Date(expiresAt.getTime()),
    });
  });

  it('answers 410 once expired, 400 naming the field when not ours, 409 once a review came through it', async () => {
    expect(await refusal(usableReviewLink(deps, link('quote-1', new Date(Date.now() - 1_000))))).toEqual({
      status: 410,
      message: 'This review link has expired',
    });
    const forged = await usableReviewLink(deps, 'abc.def').catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(HttpError);
    expect(forged).toMatchObject({
      statusCode: 400,
      message: 'This review link is not valid',
      errors: [{ field: 'reviewToken', message: 'This review link is not valid' }],
    });
    await w.reviews.submit({
      companyId: 'company-1',
      userId: null,
      rating: 5,
      comment: 'Lovely ride to the airport',
      reviewerName: 'Jane',
      ipHash: null,
      deviceHash: null,
      quoteId: 'quote-2',
    });
    expect(await refusal(usableReviewLink(deps, link('quote-2', new Date(Date.now() + 86_400_000))))).toEqual({
      status: 409,
      message: 'This review link was already used',
    });
  });
});

describe("a reviewer's client hashes", () => {
  function client(request: { headers?: Record<string, string>; cookies?: Record<string, string>; ip?: string }) {
    const cookies: Array<{ name: string; value: string; options: Record<string, unknown> }> = [];
    const reply = {
      setCookie: (name: string, value: string, options: Record<string, unknown>) => {
        cookies.push({ name, value, options });
        return reply;
      },
    };
    const req = { headers: {}, cookies: {}, ip: '203.0.113.9', ...request } as unknown as FastifyRequest;
    return { hashes: clientHashes(deps, req, reply as unknown as FastifyReply), cookies };
  }

  it("hash the address and the browser's device cookie, never the raw values", () => {
    const { hashes, cookies } = client({ cookies: { limo_device: 'device-1' } });
    expect(hashes).toEqual({ ipHash: clientHash(SECRET, 'ip', '203.0.113.9'), deviceHash: clientHash(SECRET, 'device', 'device-1') });
    expect(cookies).toEqual([]);
  });

  it('take a device header first (a client that is not a browser), trimmed', () => {
    const { hashes } = client({ headers: { 'x-device-id': '  app-7  ' }, cookies: { limo_device: 'device-1' } });
    expect(hashes.deviceHash).toBe(clientHash(SECRET, 'device', 'app-7'));
    expect(client({ headers: { 'x-device-id': '   ' }, cookies: { limo_device: 'device-1' } }).hashes.deviceHash).toBe(
      clientHash(SECRET, 'device', 'device-1'),
    );
  });

  it('give a browser without one a device cookie for a year', () => {
    const { hashes, cookies } = client({ ip: '' });
    expect(cookies).toEqual([
      {
        name: 'limo_device',
        value: expect.stringMatching(/^[0-9a-f-]{36}$/),
        options: { path: '/', httpOnly: true, sameSite: 'lax', secure: true, maxAge: 31_536_000 },
      },
    ]);
    expect(hashes).toEqual({ ipHash: null, deviceHash: clientHash(SECRET, 'device', cookies[0].value) });
  });
});
