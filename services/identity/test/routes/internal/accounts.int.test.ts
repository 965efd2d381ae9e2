import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nextIp, sharedHarness, startTestService, waitFor } from '@limo/platform/testing';
import { INTERNAL_HEADER, verifySession } from '@limo/platform';
import { createIdentityService } from '../../../src/app.js';

const SIGN_UPS_PER_HOUR = 3;
const h = sharedHarness(() => startTestService(createIdentityService, { REGISTER_RATE_LIMIT_PER_HOUR: String(SIGN_UPS_PER_HOUR) }));

let n = 0;
const account = (fields: Record<string, unknown> = {}) => {
  n += 1;
  return { signUpId: randomUUID(), username: `signup${n}`, email: `signup${n}@example.com`, password: 'secret1', ...fields };
};
/** A call as billing makes it: the internal secret, on behalf of `client`. */
const asBilling = (method: 'POST' | 'DELETE', url: string, payload?: object, client = nextIp()) =>
  h.app.inject({
    method,
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: { [INTERNAL_HEADER]: h.ctx.config.INTERNAL_SECRET, 'x-forwarded-for': client },
  });

describe('POST /internal/accounts', () => {
  it('makes a business account and answers a session for it, setting no cookie itself', async () => {
    const body = account({ email: 'Owner.One@Example.com' });
    const res = await asBilling('POST', '/internal/accounts', body);
    expect(res.statusCode, res.body).toBe(201);
    const { user, session } = res.json();
    expect(user).toMatchObject({ username: body.username, email: 'owner.one@example.com', role: 'business' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(verifySession(session.token, h.ctx.config.JWT_SECRET)).toMatchObject({ id: user.id, role: 'business' });
    expect(session.maxAgeSeconds).toBeGreaterThan(0);
    const login = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: 'secret1' } });
    expect(login.statusCode).toBe(200);
  });

  it('makes one account per sign-up however often it is asked', async () => {
    const body = account();
    const first = await asBilling('POST', '/internal/accounts', body);
    const again = await asBilling('POST', '/internal/accounts', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it("answers /api/register's messages for a taken e-mail or username", async () => {
    const taken = account();
    expect((await asBilling('POST', '/internal/accounts', taken)).statusCode).toBe(201);
    const email = await asBilling('POST', '/internal/accounts', account({ email: taken.email }));
    expect([email.statusCode, email.json().message]).toEqual([409, 'An account with this email already exists']);
    const username = await asBilling('POST', '/internal/accounts', account({ username: taken.username }));
    expect([username.statusCode, username.json().message]).toEqual([409, 'This username is already taken']);
  });

  it("counts the visitor's address in the same bucket as /api/register", async () => {
    const client = nextIp();
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
      const direct = await h.app.inject({ method: 'POST', url: '/api/register', remoteAddress: client, payload: account() });
      expect(direct.statusCode, direct.body).toBe(201);
    }
    const over = await asBilling('POST', '/internal/accounts', account(), client);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Too many accounts created from this address. Please try again later.');
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('refuses a caller without the internal secret, and bad input with a 400', async () => {
    const outsider = await h.app.inject({ method: 'POST', url: '/internal/accounts', payload: account() });
    expect(outsider.statusCode).toBe(403);
    const bad = await asBilling('POST', '/internal/accounts', account({ signUpId: 'nope' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /internal/accounts/by-sign-up/{signUpId}', () => {
  it('removes only the account made for that sign-up, once', async () => {
    const body = account();
    const made = (await asBilling('POST', '/internal/accounts', body)).json();
    const other = account();
    expect((await asBilling('POST', '/internal/accounts', other)).statusCode).toBe(201);

    const removed = await asBilling('DELETE', `/internal/accounts/by-sign-up/${body.signUpId}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { removed: true }]);
    const again = await asBilling('DELETE', `/internal/accounts/by-sign-up/${body.signUpId}`);
    expect(again.json()).toEqual({ removed: false });

    const login = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: 'secret1' } });
    expect(login.statusCode).toBe(401);
    const otherLogin = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: 'secret1' } });
    expect(otherLogin.statusCode).toBe(200);
    // The e-mail is free again: the visitor may sign up anew.
    expect((await asBilling('POST', '/internal/accounts', account({ email: body.email }))).statusCode).toBe(201);
    expect(made.user.id).toBeTruthy();
    // Its copies (billing's user counts) are told, once.
    await waitFor(() => h.published.some((e) => e.type === 'user.removed.v1' && e.key === made.user.id), 5000, 'user.removed.v1');
    expect(h.published.filter((e) => e.type === 'user.removed.v1' && e.key === made.user.id).map((e) => e.data)).toEqual([
      { userId: made.user.id, removedAt: expect.any(String), reason: 'sign-up-compensated' },
    ]);
  });

  it('refuses a caller without the internal secret', async () => {
    const res = await h.app.inject({ method: 'DELETE', url: `/internal/accounts/by-sign-up/${randomUUID()}` });
    expect(res.statusCode).toBe(403);
  });
});
