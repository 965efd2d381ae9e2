import { describe, expect, it } from 'vitest';
import { waitFor } from '@limo/platform/testing';
import { app, cookieOf, ctx, login, register, useIdentity } from '../identity-support.js';

useIdentity();

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
