import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popularSearchesSchema } from '@limo/contracts';
import { createLogger, loadConfig } from '@limo/platform';
import { ApiClient, waitFor } from '@limo/platform/testing';
import { EVERY_PORT_FREE, startEmbedded, type EmbeddedSystem } from '../../src/index.js';
import { describeOnProfiles, SUT_ADMIN, SUT_ENV } from '../support/profiles.js';

const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Text no field accepts (issue 22): lone surrogates, NUL and other controls, bidirectional overrides. */
const MALFORMED = ['\ud800', 'a\udbffb', '\udc00', 'nul\u0000byte', 'bell\u0007', 'c1\u0085', 'evil\u202eexe.txt', '\u2066isolate\u2069'];

/** Every text field of the track request, each with a valid value beside it. */
const TRACK_FIELDS = ['sessionId', 'referrer', 'currentPage', 'landingPage', 'searchQuery', 'searchFilters', 'companyId', 'userAgent'];

const searchEvent = (query: string, extra: Record<string, unknown> = {}) => ({
  sessionId: `s-${randomUUID()}`,
  actionType: 'search',
  searchQuery: query,
  currentPage: '/',
  timestamp: new Date().toISOString(),
  ...extra,
});

/** The field the first error of a 400 names. */
const firstField = (res: { json: unknown }) => (res.json as { errors?: Array<{ field: string }> } | undefined)?.errors?.[0]?.field;

async function searchCount(client: ApiClient, query: string): Promise<number> {
  const res = await client.call('GET', '/api/admin/analytics/popular-searches?days=7');
  if (res.status !== 200) return -1;
  return popularSearchesSchema.parse(res.json).find((s) => s.searchQuery === query)?.searchCount ?? 0;
}

async function signIn(url: string, admin = SUT_ADMIN): Promise<ApiClient> {
  const client = new ApiClient(url);
  expect((await client.call('POST', '/api/login', admin)).status).toBe(200);
  return client;
}

// Issue 22, defect 1: one event with a lone surrogate answered 202, then stopped analytics' ingest
// for good (and, replayed from the write-ahead log, the start-up of the whole product).
describeOnProfiles('poison input, then healthy', (sut) => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = await signIn(sut().url);
  });

  it('refuses malformed text in every field of the track request with a 400 naming the field', async () => {
    const client = new ApiClient(sut().url);
    for (const field of TRACK_FIELDS) {
      for (const bad of MALFORMED) {
        const body = { ...searchEvent('fine'), actionType: 'company_view', companyId: 'c-1', [field]: bad };
        // No User-Agent header: the body's userAgent is the one the tracker would use.
        const res = await client.call('POST', '/api/analytics/track', body, { 'user-agent': '' });
        expect(res.status, `${field}=${JSON.stringify(bad)}: ${res.text}`).toBe(400);
        expect(firstField(res), res.text).toBe(field);
        expect(res.json.message).toMatch(new RegExp(`^${field} `));
      }
    }
    const batch = await client.call('POST', '/api/analytics/track/batch', { events: [searchEvent('ok'), searchEvent('\ud800')] });
    expect(batch.status).toBe(400);
    expect(firstField(batch)).toBe('events.1.searchQuery');
  });

  it('refuses malformed text in the other services too (body, query and keys)', async () => {
    const client = new ApiClient(sut().url);
    const register = await client.call('POST', '/api/register', {
      username: 'bad\u0000name',
      email: 'x@example.com',
      password: 'secret-123',
    });
    expect(register.status).toBe(400);
    expect(firstField(register)).toBe('username');
    const quote = await client.call('POST', '/api/quote-requests', { companyId: 'c', customerName: 'Ann \ud83d', customerEmail: 'a@b.co' });
    expect(quote.status).toBe(400);
    expect(firstField(quote)).toBe('customerName');
    const review = await client.call('POST', '/api/reviews', { companyId: 'c', ['na\u202eme']: 'x' });
    expect(review.status).toBe(400);
    const search = await client.call('GET', `/api/companies?q=${encodeURIComponent('Miami\u0000')}`);
    expect(search.status).toBe(400);
    expect(firstField(search)).toBe('q');
  });

  it('counts every valid event sent after the poison', async () => {
    const client = new ApiClient(sut().url);
    const query = `after poison ${randomUUID().slice(0, 8)}`;
    for (const bad of MALFORMED) await client.call('POST', '/api/analytics/track', searchEvent(bad), { 'user-agent': BROWSER_UA });
    for (let i = 0; i < 3; i++) {
      const res = await client.call('POST', '/api/analytics/track', searchEvent(query), { 'user-agent': `${BROWSER_UA} v/${i}` });
      expect(res.status).toBe(202);
    }
    await waitFor(async () => (await searchCount(admin, query)) === 3, 30_000, 'the 3 valid searches in the dashboard');
  });
});

describe('a restart of the embedded product on a write-ahead log holding a poisoned event', () => {
  let dataDir = '';
  let system: EmbeddedSystem | undefined;
  const start = async () => {
    const settings = { ...SUT_ENV, ...EVERY_PORT_FREE, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATA_DIR: dataDir };
    const config = loadConfig(settings);
    system = await startEmbedded(config, createLogger('silent'), { ...process.env, CLICKHOUSE_URL: '', ...settings });
    return system;
  };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'limo-poison-'));
  });
  afterAll(async () => {
    await system?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is up within the usual start-up time, with every valid event counted and the bad one dead-lettered', async () => {
    const started = Date.now();
    const first = await start();
    const usual = Date.now() - started;
    await first.close();
    // What main let into the log: a lone surrogate between two valid events (a kill before the batch was written).
    const query = `replayed ${randomUUID().slice(0, 8)}`;
    const row = (over: Record<string, unknown>) =>
      JSON.stringify({
        eventId: randomUUID(),
        receivedAt: new Date().toISOString(),
        clientTime: null,
        actionType: 'search',
        companyId: '',
        companyIds: [],
        sessionId: 's',
        visitorId: 'v',
        searchQuery: query,
        searchFilters: '',
        currentPage: '/',
        landingPage: '/',
        referrer: 'direct',
        userAgent: BROWSER_UA,
        deviceType: 'desktop',
        country: 'US',
        state: 'FL',
        city: 'Miami',
        timeSpent: null,
        newVisitor: 0,
        newProfileView: 0,
        ingestSource: 'direct',
        ingestOffset: -1,
        ...over,
      });
    const lines = [row({}), row({ sessionId: '\ud800' }), row({ visitorId: 'w' })];
    await writeFile(join(dataDir, 'analytics', 'wal', `${Date.now()}-poison01.ndjson`), `${lines.join('\n')}\n`);

    const restartedAt = Date.now();
    const again = await start();
    const took = Date.now() - restartedAt;
    expect(took, `restart took ${took} ms, a clean start ${usual} ms`).toBeLessThan(Math.max(15_000, usual * 3));
    const admin = await signIn(again.url);
    await waitFor(async () => (await searchCount(admin, query)) === 2, 30_000, 'the 2 valid replayed events');
    const health = (await (await fetch(`${again.url}/healthz`)).json()) as { services: { analytics: { deadLetters?: number } } };
    expect(health.services.analytics.deadLetters).toBe(1);
  }, 120_000);
});
