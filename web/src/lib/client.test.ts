import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, on } from '../test/render';
import { makeCompany, makeCompanyDetail } from '../test/fixtures';
import { ApiError, messageOf } from './api';
import * as client from './client';
import * as account from './client/account';
import { queryKeys } from './queryKeys';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 'u1', username: 'ann', email: 'ann@example.com', role: 'business' as const };

describe('the typed client', () => {
  it('gives a good answer parsed by its route’s schema, sent with cookies', async () => {
    const calls = fakeServer(on('GET', '/api/me', { body: user }), on('GET', '/api/companies/c%201', { body: makeCompanyDetail() }));
    await expect(client.currentUser()).resolves.toEqual(user);
    await expect(client.company('c 1', false)).resolves.toEqual(makeCompanyDetail());
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/companies/c%201']);
    expect(vi.mocked(fetch).mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('turns an answer that breaks its contract into the one ApiError, naming the call and the field', async () => {
    fakeServer(on('GET', '/api/me', { body: { ...user, role: 'owner' } }));
    const error: unknown = await client.currentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^Unexpected answer from GET \/api\/me: role: /);
    expect((error as ApiError).status).toBe(200);
    // Its body is no server message: the screen says its own fallback.
    expect(messageOf(error, 'Please try again')).toBe('Please try again');
  });

  it('says so when an OK answer is not JSON at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(account.reviewLink('t')).rejects.toThrow(
      'Unexpected answer from GET /api/reviews/links?reviewToken=t: the body is not JSON',
    );
  });

  it('keeps §8’s message for a non-OK answer and the server’s fields', async () => {
    fakeServer(
      on('PUT', '/api/my-companies/c1/credentials', {
        status: 400,
        body: { message: 'Bad', errors: [{ field: 'usdotNumber', message: 'Too short' }] },
      }),
    );
    const error = (await account
      .saveCredentials('c1', { usdotNumber: '1', permitNumber: null, insuranceCarrier: 'Acme', insuranceExpiresOn: '2030-01-01' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('400: {"message":"Bad","errors":[{"field":"usdotNumber","message":"Too short"}]}');
    expect(error.serverMessage).toBe('Bad');
    expect(error.fieldErrors).toEqual({ usdotNumber: 'Too short' });
  });

  it('answers null for a signed-out session (401) and a missing company (404), and fails on other statuses', async () => {
    fakeServer(
      on('GET', '/api/me', { status: 401, body: { message: 'Not signed in' } }),
      on('GET', '/api/companies/gone', { status: 404, body: { message: 'Company not found' } }),
      on('GET', '/api/places/FL', { status: 500, body: { message: 'Down' } }),
    );
    await expect(client.currentUser()).resolves.toBeNull();
    await expect(client.company('gone', false)).resolves.toBeNull();
    await expect(client.statePlaces('FL')).rejects.toThrow('500: {"message":"Down"}');
  });

  it('counts anything but a list of companies as no results (§7) and reads X-Total-Count', async () => {
    const company = makeCompany();
    fakeServer(
      on('GET', '/api/companies', (call) =>
        call.url.endsWith('page=1')
          ? { body: [company], headers: { 'X-Total-Count': '31' } }
          : call.url.endsWith('page=2')
            ? { body: { companies: [company] }, headers: { 'X-Total-Count': 'many' } }
            : { body: [{ id: 3 }] },
      ),
    );
    await expect(client.searchCompanies('page=1')).resolves.toEqual({ companies: [company], total: 31 });
    await expect(client.searchCompanies('page=2')).resolves.toEqual({ companies: [], total: null });
    await expect(client.searchCompanies('page=3')).resolves.toEqual({ companies: [], total: null });
  });

  it('sends an upload as multipart and parses its answer', async () => {
    const calls = fakeServer(on('POST', '/api/upload-image', { body: { imageUrl: '/uploads/a.png' } }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(account.uploadImage(file, 'c1')).resolves.toBe('/uploads/a.png');
    expect(calls[0].body).toMatchObject({ companyId: 'c1' });
    expect(vi.mocked(fetch).mock.calls[0][1]?.headers).toEqual({});
  });
});

describe('query keys', () => {
  it('are the same for the same input and start with their route, so a prefix refreshes them all', () => {
    expect(queryKeys.companies.search('page=2')).toEqual(queryKeys.companies.search('page=2'));
    expect(queryKeys.companies.search('page=2')).not.toEqual(queryKeys.companies.search('page=3'));
    expect(queryKeys.companies.detail('c1', true)).not.toEqual(queryKeys.companies.detail('c1'));
    for (const key of [queryKeys.companies.search('q'), queryKeys.companies.detail('c1'), queryKeys.companies.listedCount()])
      expect(key.slice(0, 1)).toEqual(queryKeys.companies.all());
    expect(queryKeys.me()).toEqual(['/api/me']);
  });
});
