import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '../src/index.js';
import { ApiClient } from './journeys/http.js';
import { claimJourney } from './journeys/claim.journey.js';
import { identityJourney } from './journeys/identity.journey.js';
import { listingQuoteJourney } from './journeys/listing-quote.journey.js';

const admin = { email: 'admin@example.com', password: 'admin-pass-123' };
let system: ThrowawaySystem;

beforeAll(async () => {
  system = await startThrowaway({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await system?.close();
});

describe('embedded profile through the gateway', () => {
  it('reports every service up on /healthz', async () => {
    const res = await new ApiClient(system.url).call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
    const services = res.json.services as Record<string, unknown>;
    for (const name of ['identity', 'directory', 'quotes', 'billing', 'analytics']) {
      expect(services[name]).toMatchObject({ status: 'up' });
    }
  });

  it('runs the identity journey', async () => {
    await identityJourney(system.url, () => system.outbox(), admin);
  });

  it('lists a company, finds it by city, reviews it and sends it a quote', async () => {
    await listingQuoteJourney(system.url, () => system.outbox());
  }, 60_000);

  it('claims a company with the payment simulator: pay, approve, set the password, find it on the dashboard', async () => {
    await claimJourney(system.url, () => system.outbox(), admin);
  }, 60_000);

  it('passes a request id through, or makes one', async () => {
    const api = new ApiClient(system.url);
    const given = await api.call('GET', '/api/me', undefined, { 'x-request-id': 'trace-abc-123' });
    expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await api.call('GET', '/api/me');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404 and serves the OpenAPI of every service', async () => {
    const api = new ApiClient(system.url);
    const missing = await api.call('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/not found/);
    const docs = await api.call('GET', '/api/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.json.paths as object)).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/me']));
    const ui = await api.call('GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('answers malformed and oversized bodies with 4xx through the gateway', async () => {
    const api = new ApiClient(system.url);
    expect((await api.call('POST', '/api/login', '{"email":')).status).toBe(400);
    expect((await api.call('POST', '/api/register', { username: 'x'.repeat(300_000) })).status).toBe(413);
  });

  it('lists the mails it sent at /dev/outbox to an admin only, and shows each one', async () => {
    // Issue 13, defect 2: anyone could read the admin's reset link there and take the account over.
    const anonymous = new ApiClient(system.url);
    expect((await anonymous.call('GET', '/dev/outbox')).status).toBe(401);
    const owner = new ApiClient(system.url);
    expect((await owner.call('POST', '/api/register', { username: 'outboxreader', email: 'outbox.reader@example.com', password: 'reader-pass-123' })).status).toBe(201);
    expect((await owner.call('GET', '/dev/outbox')).status).toBe(403);
    const api = new ApiClient(system.url);
    expect((await api.call('POST', '/api/login', admin)).status).toBe(200);
    const list = await api.call('GET', '/dev/outbox');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Reset your LimoDirectory password');
    const href = /href="(\/dev\/outbox\/[^"]+)">Reset your LimoDirectory password/.exec(list.text)![1];
    const mail = await api.call('GET', href);
    expect(mail.text).toContain('Subject: Reset your LimoDirectory password');
    expect((await anonymous.call('GET', href)).status).toBe(401);
    expect((await owner.call('GET', href)).status).toBe(403);
    expect((await api.call('GET', '/dev/outbox/..%2F.jwt-secret')).status).toBe(404);
  });
});
