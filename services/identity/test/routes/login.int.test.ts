import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { nextIp } from '@limo/platform/testing';
import { MemoryCache } from '@limo/platform';
import { createIdentityService } from '../../src/app.js';
import { identityEnvSchema } from '../../src/settings.js';
import { app, cookieOf, ctx, login, register, useIdentity } from '../identity-support.js';

useIdentity();

describe('POST /api/login, GET /api/me, POST /api/logout', () => {
  it('signs in, reads the user, and ends the session for good', async () => {
    await register({ username: 'jack', email: 'jack@example.com', password: 'secret1' });
    const res = await login('JACK@example.com', 'secret1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'jack', role: 'business' });
    const cookie = cookieOf(res);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/limo_session=;/);
    // The old token is revoked, not merely forgotten by the browser.
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('keeps the logout after a restart with an empty cache (a restarted process or a flushed Redis)', async () => {
    await register({ username: 'jill', email: 'jill@example.com', password: 'secret1' });
    const cookie = cookieOf(await login('jill@example.com', 'secret1'));
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const restarted = await createIdentityService({ ...ctx, cache: new MemoryCache() });
    await restarted.start();
    try {
      expect((await restarted.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await restarted.app.close();
      await restarted.stop();
    }
  });

  it('sets, beside the HttpOnly session, a signed-in mark the web app can read, for as long; logout ends both', async () => {
    await register({ username: 'mark', email: 'mark@example.com', password: 'secret1' });
    const res = await login('mark@example.com', 'secret1');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('limo_session='));
    const mark = cookies.find((c) => c.startsWith('limo_signed_in='));
    expect(session).toMatch(/HttpOnly/i);
    expect(mark).toMatch(/^limo_signed_in=1;/);
    expect(mark).not.toMatch(/HttpOnly/i);
    // Neither outlives the other.
    expect(mark?.match(/Max-Age=\d+/i)?.[0]).toBe(session?.match(/Max-Age=\d+/i)?.[0]);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: cookieOf(res) } });
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => /^limo_signed_in=;/.test(c))).toBe(true);
  });

  it('ends the session cookie and the mark on /api/me when they no longer sign anyone in, and sets nothing for a visitor without them', async () => {
    await register({ username: 'gone', email: 'gone@example.com', password: 'secret1' });
    const cookie = cookieOf(await login('gone@example.com', 'secret1'));
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const stale = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `${cookie}; limo_signed_in=1` } });
    expect(stale.statusCode).toBe(401);
    const cleared = ([] as string[]).concat(stale.headers['set-cookie'] ?? []);
    expect(cleared.filter((c) => /^(limo_session|limo_signed_in)=;/.test(c))).toHaveLength(2);
    const visitor = await app.inject({ method: 'GET', url: '/api/me' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 on /api/me when signed out', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Not authenticated');
  });

  it('refuses a wrong password or unknown e-mail with the same message', async () => {
    await register({ username: 'kate', email: 'kate@example.com', password: 'secret1' });
    const wrong = await login('kate@example.com', 'nope-nope');
    const unknown = await login('nobody@example.com', 'secret1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it.each([
    [{ email: 'bad', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{}, 'Please enter a valid email address'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: body, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  // Issue 22, defect 4: 10 wrong passwords from anywhere locked any account, the admin's included.
  it("throttles an attacker's address on an account, never its owner signing in from another", async () => {
    const attacker = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await login('root@example.com', `wrong-pass-${i}`, attacker);
      answers.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const pairLimit = identityEnvSchema.parse(ctx.env).LOGIN_PAIR_LIMIT_PER_15_MIN;
    expect(answers).toEqual([...Array<number>(pairLimit).fill(401), ...Array<number>(50 - pairLimit).fill(429)]);
    // Even the right password is refused from the address that kept failing, until its window ends...
    expect((await login('root@example.com', 'admin-password-1', attacker)).statusCode).toBe(429);
    // ...but the owner, from anywhere else, signs in at once.
    const started = Date.now();
    const owner = await login('root@example.com', 'admin-password-1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ role: 'admin' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('slows down, never locks, an account failing from many addresses, more with each failure', async () => {
    await register({ username: 'liam', email: 'liam@example.com', password: 'secret1' });
    const { LOGIN_SLOWDOWN_AFTER_FAILURES: after } = identityEnvSchema.parse(ctx.env);
    for (let i = 0; i < after; i++) expect((await login('liam@example.com', 'wrong-pass')).statusCode).toBe(401);
    const timedLogin = async (password: string) => {
      const started = Date.now();
      const res = await login('liam@example.com', password);
      return { status: res.statusCode, ms: Date.now() - started };
    };
    const first = await timedLogin('secret1');
    expect(first.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(240);
    expect((await timedLogin('wrong-pass')).status).toBe(401);
    expect((await timedLogin('wrong-pass')).status).toBe(401);
    const later = await timedLogin('secret1');
    expect(later.status).toBe(200);
    expect(later.ms).toBeGreaterThanOrEqual(950);
  });

  it('limits login attempts per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < identityEnvSchema.parse(ctx.env).LOGIN_RATE_LIMIT_PER_15_MIN; i++)
      await login(`user${i}@example.com`, 'whatever', ip);
    expect((await login('someone@example.com', 'whatever', ip)).statusCode).toBe(429);
  });

  it('ignores a session cookie not signed with our key, or with alg none', async () => {
    const forged = jwt.sign({ role: 'admin', username: 'x', email: 'x@x.x' }, 'another-secret-another-secret-12345', {
      subject: 'x',
      issuer: 'limodirectory',
      audience: 'limodirectory',
      jwtid: 'j',
      expiresIn: 3600,
    });
    const none = jwt.sign({ role: 'admin', username: 'x', email: 'x@x.x' }, '', {
      algorithm: 'none',
      subject: 'x',
      issuer: 'limodirectory',
      audience: 'limodirectory',
      jwtid: 'j',
    });
    for (const token of [forged, none]) {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `limo_session=${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});
