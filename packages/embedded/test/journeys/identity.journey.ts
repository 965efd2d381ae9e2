import { expect } from 'vitest';
import type { OutboxEntry } from '@limo/platform';
import { ApiClient } from '@limo/platform/testing';

/**
 * The identity journey of issue 2, through the gateway: register, login, me, logout, forgot
 * password, reset with the link read from the mail outbox, login with the new password; admin
 * routes refuse a business user (403) and a signed-out one (401).
 */
export async function identityJourney(baseUrl: string, outbox: () => Promise<OutboxEntry[]>, admin: { email: string; password: string }) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `owner-${suffix}@example.com`;
  const visitor = new ApiClient(baseUrl);

  expect((await visitor.call('GET', '/api/me')).status).toBe(401);
  const registered = await visitor.call('POST', '/api/register', {
    username: `owner-${suffix}`,
    email,
    password: 'first-pass',
    role: 'admin',
  });
  expect(registered.status).toBe(201);
  expect(registered.json.role).toBe('business');
  expect(registered.headers.get('x-request-id')).toBeTruthy();

  const me = await visitor.call('GET', '/api/me');
  expect(me.status).toBe(200);
  expect(me.json).toMatchObject({ email, role: 'business' });
  expect((await visitor.call('GET', '/api/admin/subscribers')).status).toBe(403);

  expect((await visitor.call('POST', '/api/logout')).status).toBe(200);
  expect((await visitor.call('GET', '/api/me')).status).toBe(401);
  expect((await visitor.call('GET', '/api/admin/subscribers')).status).toBe(401);

  const login = await visitor.call('POST', '/api/login', { email, password: 'first-pass' });
  expect(login.status).toBe(200);
  expect(login.json.role).toBe('business');
  await visitor.call('POST', '/api/logout');

  const forgot = await visitor.call('POST', '/api/forgot-password', { email });
  expect(forgot.status).toBe(200);
  let mail: OutboxEntry | undefined;
  const deadline = Date.now() + 20_000;
  while (!mail && Date.now() < deadline) {
    mail = (await outbox()).find((m) => m.to === email && m.tag === 'password-reset');
    if (!mail) await new Promise((r) => setTimeout(r, 100));
  }
  expect(mail, 'reset mail in the outbox').toBeDefined();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail!.text)![0];
  const token = new URL(link).searchParams.get('token')!;
  const reset = await visitor.call('POST', '/api/reset-password', { token, newPassword: 'second-pass' });
  expect(reset.status).toBe(200);
  expect((await visitor.call('POST', '/api/login', { email, password: 'first-pass' })).status).toBe(401);
  expect((await visitor.call('POST', '/api/login', { email, password: 'second-pass' })).status).toBe(200);
  const reused = await visitor.call('POST', '/api/reset-password', { token, newPassword: 'third-pass' });
  expect(reused.status).toBe(400);
  expect(String(reused.json.message)).toContain('Invalid or expired');

  const adminClient = new ApiClient(baseUrl);
  const adminLogin = await adminClient.call('POST', '/api/login', admin);
  expect(adminLogin.status).toBe(200);
  const subscribers = await adminClient.call('GET', '/api/admin/subscribers');
  expect(subscribers.status).toBe(200);
  expect(subscribers.json.some((s) => s.email === email)).toBe(true);
  const stats = await adminClient.call('GET', '/api/admin/stats');
  expect(stats.status).toBe(200);
  expect(stats.json.totalUsers).toBeGreaterThanOrEqual(2);
}
