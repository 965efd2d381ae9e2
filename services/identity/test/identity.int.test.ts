import { describe, expect, it } from 'vitest';
import { app, useIdentity } from './identity-support.js';

useIdentity();

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
