import { describe, expect, it } from 'vitest';
import { ApiClient } from '@limo/platform/testing';
import { SUT_ADMIN as admin, useThrowawayWithAdmin } from './support/profiles.js';
import { claimJourney, paidListingJourney } from './journeys/claim.journey.js';
import { send } from './security/actors.js';
import { identityJourney } from './journeys/identity.journey.js';
import { listingQuoteJourney } from './journeys/listing-quote.journey.js';

// Billing reads its own variables from the environment: the journey signs a webhook with this.
const webhookSecret = 'whsec_embeddedjourney';
process.env.SIMULATOR_WEBHOOK_SECRET = webhookSecret;

const system = useThrowawayWithAdmin();

describe('embedded profile through the gateway', () => {
  it('reports every service up on /healthz', async () => {
    const res = await new ApiClient(system().url).call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
    const services = res.json.services as Record<string, unknown>;
    for (const name of ['identity', 'directory', 'quotes', 'billing', 'analytics']) {
      expect(services[name]).toMatchObject({ status: 'up' });
    }
  });

  it('runs the identity journey', async () => {
    await identityJourney(system().url, () => system().outbox(), admin);
  });

  it('lists a company, finds it by city, reviews it and sends it a quote', async () => {
    await listingQuoteJourney(system().url, () => system().outbox());
  }, 60_000);

  it('registers a visitor and their paid listing after the payment', async () => {
    await paidListingJourney(system().url);
  }, 60_000);

  it('claims a company with the payment simulator: pay, approve, set the password, find it on the dashboard', async () => {
    await claimJourney(system().url, () => system().outbox(), admin, webhookSecret);
  }, 60_000);

  it('passes a request id through, or makes one', async () => {
    const api = new ApiClient(system().url);
    const given = await api.call('GET', '/api/me', undefined, { 'x-request-id': 'trace-abc-123' });
    expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await api.call('GET', '/api/me');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404 and serves the OpenAPI of every service', async () => {
    const api = new ApiClient(system().url);
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
    const api = new ApiClient(system().url);
    expect((await api.call('POST', '/api/login', '{"email":')).status).toBe(400);
    expect((await api.call('POST', '/api/register', { username: 'x'.repeat(300_000) })).status).toBe(413);
  });

  it('lists the mails it sent at /dev/outbox to an admin only, and shows each one', async () => {
    // Issue 13, defect 2: anyone could read the admin's reset link there and take the account over.
    const anonymous = new ApiClient(system().url);
    expect((await anonymous.call('GET', '/dev/outbox')).status).toBe(401);
    const owner = new ApiClient(system().url);
    expect(
      (
        await owner.call('POST', '/api/register', {
          username: 'outboxreader',
          email: 'outbox.reader@example.com',
          password: 'reader-pass-123',
        })
      ).status,
    ).toBe(201);
    expect((await owner.call('GET', '/dev/outbox')).status).toBe(403);
    const api = new ApiClient(system().url);
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

  // Issue 13, defect 4: each of these answered 5xx.
  it('answers a missing, empty, whitespace or null body with a clear 400 on every route with a body', async () => {
    for (const body of [undefined, '', '   ', 'null']) {
      for (const path of ['/api/quote-requests', '/api/city-quote-requests', '/api/reviews', '/api/login', '/api/register']) {
        const res = await send(system().url, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
        expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
        expect(JSON.parse(res.text).message).toBeTruthy();
      }
    }
  });

  it('searches for Object.prototype keys typed as places without a 500', async () => {
    for (const q of [
      'location=constructor',
      'location=Constructor%2C%20TX',
      `userLocation=${encodeURIComponent('{"city":"constructor"}')}`,
      'location=__proto__',
    ]) {
      expect((await send(system().url, { method: 'GET', path: `/api/companies?${q}` })).status).toBe(200);
    }
  });

  it('accepts Expect: 100-continue and answers an oversized chunked body with 413, every time', async () => {
    const login = await send(system().url, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json', expect: '100-continue' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const json = await send(system().url, {
        method: 'POST',
        path: '/api/reviews',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ comment: 'x'.repeat(300_000) }),
        chunked: true,
      });
      expect(json.status).toBe(413);
      const upload = await send(system().url, {
        method: 'POST',
        path: '/api/upload-image',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(6 * 1024 * 1024, 1),
        chunked: true,
      });
      expect(upload.status).toBe(413);
    }
  });

  it('answers malformed multipart on /api/upload-image with 400', async () => {
    const cookie = (
      await send(system().url, {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).cookie!;
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`;
    const long = 'b'.repeat(300);
    for (const [contentType, body] of [
      ['multipart/form-data', part('x')],
      ['multipart/form-data; boundary=wrong', part('right')],
      ['multipart/form-data; boundary=cut', part('cut').slice(0, 50)],
      [`multipart/form-data; boundary=${long}`, part(long)],
    ]) {
      const res = await send(system().url, {
        method: 'POST',
        path: '/api/upload-image',
        headers: { 'content-type': contentType, cookie },
        body,
      });
      expect({ contentType: contentType.slice(0, 40), status: res.status }).toEqual({
        contentType: contentType.slice(0, 40),
        status: 400,
      });
    }
  });
});
