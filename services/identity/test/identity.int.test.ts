import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import type { FastifyInstance } from 'fastify';
import { nextIp, startTestService, waitFor, type ServiceHarness, type TestContext } from '@limo/platform/testing';
import { MemoryCache } from '@limo/platform';
import { createIdentityService } from '../src/app.js';
import { identityEnvSchema } from '../src/settings.js';

let h: ServiceHarness;
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startTestService(createIdentityService, { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'admin-password-1' });
  ({ ctx, app } = h);
});
afterAll(() => h.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : String(raw ?? '');
  return first.split(';')[0]!;
};

async function register(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress: nextIp() });
}
async function login(email: string, password: string, remoteAddress = nextIp()) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}

describe('POST /api/register', () => {
  it('creates a business account whatever role is sent, and signs it in', async () => {
    const res = await register({ username: 'grace', email: 'Grace@Example.com', password: 'secret1', role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'grace', email: 'grace@example.com', role: 'business' });
    const cookie = res.headers['set-cookie'] as string;
    expect(cookie).toMatch(/limo_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(res) } });
    expect(me.json()).toMatchObject({ username: 'grace', role: 'business' });
  });

  it('refuses a taken e-mail or username with 409', async () => {
    await register({ username: 'henry', email: 'henry@example.com', password: 'secret1' });
    const sameEmail = await register({ username: 'henry2', email: 'HENRY@example.com', password: 'secret1' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('An account with this email already exists');
    const sameName = await register({ username: 'Henry', email: 'other@example.com', password: 'secret1' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('This username is already taken');
  });

  it('publishes user.registered.v1 through the outbox', async () => {
    const seen: string[] = [];
    const sub = await ctx.bus.subscribe({
      group: 'test.registered',
      topics: ['user.registered.v1'],
      handler: async (e) => void seen.push((e.data as { email: string }).email),
    });
    await register({ username: 'ivy', email: 'ivy@example.com', password: 'secret1' });
    await waitFor(() => seen.includes('ivy@example.com'), 5000, 'user.registered.v1');
    await sub.close();
  });

  it.each([
    [{ username: 'ab', email: 'a@b.co', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ username: 'abc', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'abc', email: 'a@b.co', password: 123456 }, 'Password must be at least 6 characters'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

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

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const mail = await waitFor(
      async () => (await ctx.outbox()).find((m) => m.to === email && m.tag === 'password-reset'),
      5000,
      `reset mail to ${email}`,
    );
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    return { mail, token };
  };

  it('mails a one-time link; the new password works and the link then fails', async () => {
    await register({ username: 'mia', email: 'mia@example.com', password: 'secret1' });
    const forgot = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'mia@example.com' } });
    expect(forgot.statusCode).toBe(200);
    const { mail, token } = await resetLink('mia@example.com');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.html).toContain('/reset-password?token=');
    const signedIn = cookieOf(await login('mia@example.com', 'secret1'));
    // Sessions are signed to the second: the reset must come in a later second to void this one.
    await new Promise((r) => setTimeout(r, 1100));
    const reset = await app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword: 'brand-new' } });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: signedIn } })).statusCode).toBe(401);
    expect((await login('mia@example.com', 'secret1')).statusCode).toBe(401);
    expect((await login('mia@example.com', 'brand-new')).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword: 'another1' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('Invalid or expired');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const known = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'mia@example.com' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await new Promise((r) => setTimeout(r, 200));
    expect((await ctx.outbox()).some((m) => m.to === 'ghost@example.com')).toBe(false);
  });

  it('refuses an expired token', async () => {
    await register({ username: 'noah', email: 'noah@example.com', password: 'secret1' });
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'noah@example.com' } });
    const { token } = await resetLink('noah@example.com');
    const users = await ctx.store.collection<{ _id: string; email: string }>('users');
    await users.updateOne({ email: 'noah@example.com' }, { $set: { passwordResetExpires: new Date(Date.now() - 1000).toISOString() } });
    const res = await app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword: 'brand-new' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid or expired');
  });

  it.each([
    ['/api/forgot-password', {}, 'Please enter your email address'],
    ['/api/reset-password', { newPassword: 'secret1' }, 'Reset token is missing'],
    ['/api/reset-password', { token: 'abc', newPassword: '123' }, 'Password must be at least 6 characters long'],
    ['/api/reset-password', { token: 'not-a-real-token', newPassword: 'secret12' }, 'Invalid or expired reset token'],
  ])('%s answers 400 for %j', async (url, payload, message) => {
    const res = await app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('bad input never answers 5xx', () => {
  it.each(['/api/login', '/api/register', '/api/forgot-password', '/api/reset-password'])(
    '%s: malformed JSON, wrong types, oversized',
    async (url) => {
      const malformed = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('Request body is not valid JSON');
      const wrongTypes = await app.inject({
        method: 'POST',
        url,
        payload: { email: 42, password: [], username: {}, token: 1, newPassword: null },
      });
      expect(wrongTypes.statusCode).toBe(400);
      const array = await app.inject({ method: 'POST', url, payload: [1, 2] });
      expect(array.statusCode).toBe(400);
      const huge = await app.inject({ method: 'POST', url, payload: { email: 'a@b.co', password: 'x'.repeat(200_000) } });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe('Request body is too large');
      const empty = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '' });
      expect(empty.statusCode).toBe(400);
      const text = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      expect(text.statusCode).toBe(415);
    },
  );
});

describe('JSON bodies', () => {
  it('takes an empty body sent as JSON as no body, and refuses prototype keys', async () => {
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(logout.statusCode).toBe(200);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"role":"admin"}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
