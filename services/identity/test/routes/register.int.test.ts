import { describe, expect, it } from 'vitest';
import { waitFor } from '@limo/platform/testing';
import { app, cookieOf, ctx, register, useIdentity } from '../identity-support.js';

useIdentity();

describe('POST /api/register', () => {
  it('creates a business account whatever role is sent, and signs it in', async () => {
    const res = await register({ username: 'grace', email: 'Grace@Example.com', password: 'secret1', role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'grace', email: 'grace@example.com', role: 'business' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('limo_session=')) ?? '';
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
