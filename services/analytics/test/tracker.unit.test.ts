import { describe, expect, it } from 'vitest';
import { trackEventBodySchema } from '@limo/contracts';
import { MemoryCache, MemoryRateLimiter, type RateLimiter } from '@limo/platform';
import { GeoLocator } from '../src/domain/geo.js';
import { VisitorIds } from '../src/domain/visitor.js';
import { SinkFullError, type EventSink } from '../src/ingest/event-sink.port.js';
import type { StoredEvent } from '@limo/analytics-store';
import { Tracker } from '../src/use-cases/tracker.js';
import { BOT_UA, BROWSER_UA, PHONE_UA } from './fixtures.js';

async function tracker(
  caps: { ipCompanyEvents?: number; ipEventsPerMinute?: number } = {},
  accept?: (e: StoredEvent, accepted: StoredEvent[]) => Promise<void>,
) {
  const accepted: StoredEvent[] = [];
  const keys: string[] = [];
  const sink: EventSink = {
    accept: accept ? (e) => accept(e, accepted) : async (e) => void accepted.push(e),
    start: async () => undefined,
    stop: async () => undefined,
  };
  const limiter = new MemoryRateLimiter();
  const seen: RateLimiter = {
    hit: async (key, limit, windowMs, cost) => {
      keys.push(key);
      return limiter.hit(key, limit, windowMs, cost);
    },
    reset: async (key) => limiter.reset(key),
  };
  const t = new Tracker({
    sink,
    visitors: new VisitorIds(new MemoryCache()),
    geo: await GeoLocator.create(false),
    seen,
    marks: new MemoryCache(),
    burstSeconds: 10,
    ipCompanyEvents: caps.ipCompanyEvents ?? 2,
    ipEventsPerMinute: caps.ipEventsPerMinute ?? 300,
  });
  return { t, accepted, keys };
}
const body = (extra: Record<string, unknown> = {}) =>
  trackEventBodySchema.parse({ sessionId: 's1', actionType: 'page_view', currentPage: '/', timestamp: new Date().toISOString(), ...extra });
const from = (userAgent: string | undefined, ip = '203.0.113.7') => ({ ip, userAgent });

describe('the tracker', () => {
  it('adds the server facts and keeps no IP', async () => {
    const { t, accepted } = await tracker();
    expect(await t.track(body({ deviceType: undefined }), from(PHONE_UA))).toBe('counted');
    const [event] = accepted;
    expect(event).toMatchObject({
      actionType: 'page_view',
      deviceType: 'mobile',
      referrer: 'direct',
      country: 'Unknown',
      userAgent: PHONE_UA,
      ingestSource: 'direct',
    });
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
    expect(event.visitorId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stores what the client sent as sent, and what it left out as empty, direct and unknown', async () => {
    const { t, accepted } = await tracker();
    const at = new Date();
    const clientAt = new Date(at.getTime() - 30 * 60_000);
    const sent = trackEventBodySchema.parse({
      sessionId: 's1',
      actionType: 'search',
      // The client's clock in its own zone: stored in UTC.
      timestamp: new Date(clientAt.getTime() + 3_600_000).toISOString().replace('Z', '+01:00'),
      deviceType: 'tablet',
      referrer: 'https://example.org/',
      currentPage: '/search',
      landingPage: '/',
      searchQuery: 'Denver',
      searchFilters: { insured: true },
      companyIds: ['a'],
      timeSpent: 12,
    });
    expect(await t.track(sent, from(BROWSER_UA), at)).toBe('counted');
    expect(await t.track(body({ timestamp: undefined, currentPage: undefined }), from(BROWSER_UA), at)).toBe('counted');
    const [full, bare] = accepted;
    expect(full).toMatchObject({
      receivedAt: at.toISOString(),
      clientTime: clientAt.toISOString(),
      actionType: 'search',
      companyId: '',
      companyIds: ['a'],
      sessionId: 's1',
      searchQuery: 'Denver',
      searchFilters: '{"insured":true}',
      currentPage: '/search',
      landingPage: '/',
      referrer: 'https://example.org/',
      deviceType: 'tablet',
      timeSpent: 12,
      ingestOffset: -1,
    });
    expect(bare).toMatchObject({
      clientTime: null,
      companyId: '',
      companyIds: [],
      searchQuery: '',
      searchFilters: '',
      currentPage: '',
      landingPage: '',
      referrer: 'direct',
      deviceType: 'desktop',
      timeSpent: null,
      newVisitor: 0,
    });
    // A client event's id is a UUID of that event (the ingest keeps one copy of it); one without a timestamp gets its own.
    expect(full.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bare.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("keeps the first 1024 characters of a user agent, the request's header before the page's", async () => {
    const { t, accepted } = await tracker();
    const long = `${BROWSER_UA} ${'x'.repeat(2000)}`;
    expect(await t.track(body({ userAgent: PHONE_UA }), from(long))).toBe('counted');
    expect(accepted[0].userAgent).toBe(long.slice(0, 1024));
  });

  it('gives every attempt of one client event the same id, and other events other ids', async () => {
    let refuse = true;
    const ids: string[] = [];
    const { t } = await tracker({}, async (e, list) => {
      ids.push(e.eventId);
      if (refuse) throw new SinkFullError('full');
      list.push(e);
    });
    const event = body({ currentPage: '/p0' });
    await expect(t.track(event, from(BROWSER_UA))).rejects.toBeInstanceOf(SinkFullError);
    refuse = false;
    expect(await t.track(event, from(BROWSER_UA))).toBe('counted');
    expect(await t.track(body({ currentPage: '/p1', sessionId: 's2' }), from(BROWSER_UA))).toBe('counted');
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('drops bots, and visitors without a user agent', async () => {
    const { t, accepted } = await tracker();
    expect(await t.track(body(), from(BOT_UA))).toBe('bot');
    expect(await t.track(body({ userAgent: undefined }), from(undefined))).toBe('bot');
    expect(accepted).toHaveLength(0);
  });

  it('drops a replayed event, from anywhere, and a burst of the same action', async () => {
    const { t, accepted } = await tracker();
    const event = body();
    expect(await t.track(event, from(BROWSER_UA))).toBe('counted');
    expect(await t.track(event, from(BROWSER_UA, '198.51.100.2'))).toBe('replay');
    expect(await t.track(body({ timestamp: new Date(Date.now() + 10).toISOString() }), from(BROWSER_UA))).toBe('burst');
    expect(await t.track(body({ currentPage: '/support' }), from(BROWSER_UA))).toBe('counted');
    expect(t.stats).toEqual({ counted: 2, dropped: { bot: 0, replay: 1, burst: 1, 'ip-cap': 0 } });
    expect(accepted).toHaveLength(2);
  });

  it('keeps result companies on search events only', async () => {
    const { t, accepted } = await tracker();
    await t.track(body({ actionType: 'search', searchQuery: 'Miami, FL', companyIds: ['a', 'b', 'a'] }), from(BROWSER_UA));
    await t.track(body({ actionType: 'company_view', companyId: 'a', companyIds: ['b'] }), from(BROWSER_UA));
    expect(accepted.map((e) => e.companyIds)).toEqual([['a', 'b'], []]);
  });

  it('counts one action on a company once per visitor and burst window, whatever page or query the client names', async () => {
    const { t, accepted } = await tracker();
    const company = (i: number, extra: Record<string, unknown> = {}) =>
      body({
        actionType: 'company_view',
        companyId: 'c1',
        currentPage: `/company/c1?x=${i}`,
        searchQuery: `q${i}`,
        timestamp: new Date(Date.now() + i).toISOString(),
        ...extra,
      });
    const results = [];
    for (let i = 0; i < 50; i++) results.push(await t.track(company(i), from(BROWSER_UA)));
    expect(results.filter((r) => r === 'counted')).toHaveLength(1);
    expect(results.filter((r) => r === 'burst')).toHaveLength(49);
    // Another action on the company, or the same action on another company, still counts.
    expect(await t.track(company(50, { actionType: 'quote_request', currentPage: '/a' }), from(BROWSER_UA))).toBe('counted');
    expect(await t.track(company(51, { actionType: 'quote_request', currentPage: '/b' }), from(BROWSER_UA))).toBe('burst');
    expect(await t.track(company(52, { companyId: 'c2' }), from(BROWSER_UA))).toBe('counted');
    expect(accepted).toHaveLength(3);
  });

  it('caps what one IP counts on a company per burst window, however many user agents it sends', async () => {
    const { t, accepted } = await tracker({ ipCompanyEvents: 2 });
    const view = (i: number) =>
      body({ actionType: 'company_view', companyId: 'c1', currentPage: '/company/c1', timestamp: new Date(Date.now() + i).toISOString() });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await t.track(view(i), from(`${BROWSER_UA} Rotating/${i}`)));
    expect(results).toEqual(['counted', 'counted', 'ip-cap', 'ip-cap', 'ip-cap']);
    expect(new Set(accepted.map((e) => e.visitorId)).size).toBe(2);
    expect(accepted.filter((e) => e.newVisitor === 1)).toHaveLength(2);
    // Another IP is someone else; another action on the company has its own share.
    expect(await t.track(view(5), from(`${BROWSER_UA} Rotating/5`, '198.51.100.9'))).toBe('counted');
    expect(await t.track(body({ actionType: 'call_click', companyId: 'c1' }), from(`${BROWSER_UA} Rotating/6`))).toBe('counted');
    expect(t.stats.dropped['ip-cap']).toBe(3);
  });

  it('caps the counted events of one IP per minute, and only counted events use the share', async () => {
    const { t, accepted, keys } = await tracker({ ipEventsPerMinute: 3 });
    const page = (i: number) => body({ currentPage: `/p${i}`, timestamp: new Date(Date.now() + i).toISOString() });
    // A burst (not counted) does not use the IP's share.
    expect(await t.track(page(0), from(BROWSER_UA))).toBe('counted');
    expect(await t.track(body({ currentPage: '/p0', timestamp: new Date(Date.now() + 100).toISOString() }), from(BROWSER_UA))).toBe(
      'burst',
    );
    const results = [];
    for (let i = 1; i < 5; i++) results.push(await t.track(page(i), from(`${BROWSER_UA} Rotating/${i}`)));
    expect(results).toEqual(['counted', 'counted', 'ip-cap', 'ip-cap']);
    expect(await t.track(page(9), from(BROWSER_UA, '198.51.100.9'))).toBe('counted');
    expect(accepted).toHaveLength(4);
    // The IP is only ever a salted hash, in the keys as in the events.
    expect(keys.some((k) => k.includes('203.0.113.7') || k.includes('198.51.100.9'))).toBe(false);
    expect(JSON.stringify(accepted)).not.toMatch(/203\.0\.113\.7|198\.51\.100\.9/);
  });
  it("counts the events of one request that fit the IP's minute share, in order, and none after", async () => {
    const { t, accepted } = await tracker({ ipEventsPerMinute: 3 });
    const page = (i: number) => body({ currentPage: `/p${i}`, timestamp: new Date(Date.now() + i).toISOString() });
    expect(await t.track(page(0), from(BROWSER_UA))).toBe('counted');
    const results = await t.trackAll([page(1), page(2), page(3), page(4)], from(BROWSER_UA));
    expect(results).toEqual(['counted', 'counted', 'ip-cap', 'ip-cap']);
    expect(accepted.map((e) => e.currentPage)).toEqual(['/p0', '/p1', '/p2']);
    expect(await t.trackAll([page(5), page(6)], from(BROWSER_UA))).toEqual(['ip-cap', 'ip-cap']);
  });

  it('tracks the events of one request in order, with the same rules as one at a time', async () => {
    const { t, accepted } = await tracker();
    const page = (i: number, extra: Record<string, unknown> = {}) =>
      body({ currentPage: `/p${i}`, timestamp: new Date(Date.now() + i).toISOString(), ...extra });
    const first = page(0);
    const results = await t.trackAll(
      [first, page(1), first, page(2, { userAgent: PHONE_UA }), page(3, { actionType: 'company_view', companyId: 'c1' })],
      from(BROWSER_UA),
    );
    expect(results).toEqual(['counted', 'counted', 'replay', 'counted', 'counted']);
    // The request's user agent header wins over the body's; the visitor's first event of the day only is new.
    expect(new Set(accepted.map((e) => e.visitorId)).size).toBe(1);
    expect(accepted.map((e) => e.newVisitor)).toEqual([1, 0, 0, 0]);
    expect(accepted.map((e) => e.newProfileView)).toEqual([0, 0, 0, 1]);
    expect(new Set(accepted.map((e) => e.receivedAt)).size).toBe(1);
    // Without the header each event's own user agent counts: bots among them are dropped one by one.
    const mixed = await t.trackAll([page(4, { userAgent: PHONE_UA }), page(5, { userAgent: BOT_UA })], from(undefined, '198.51.100.4'));
    expect(mixed).toEqual(['counted', 'bot']);
    expect(accepted.at(-1)).toMatchObject({ userAgent: PHONE_UA, deviceType: 'mobile', newVisitor: 1 });
  });

  it('hands the counted events of a request to the sink together, so they share one write of its log', async () => {
    let calls = 0;
    let release = () => {};
    const all = new Promise<void>((r) => (release = r));
    // The sink answers once it holds all three: a tracker awaiting each event before the next never gets there.
    const { t, accepted } = await tracker({}, async (e, list) => {
      list.push(e);
      if (++calls === 3) release();
      await all;
    });
    const page = (i: number) => body({ currentPage: `/p${i}`, timestamp: new Date(Date.now() + i).toISOString() });
    const outcome = await Promise.race([
      t.trackAll([page(0), page(1), page(2)], from(BROWSER_UA)),
      new Promise((r) => setTimeout(() => r('stuck'), 1_000)),
    ]);
    expect(outcome).toEqual(['counted', 'counted', 'counted']);
    expect(accepted.map((e) => e.currentPage)).toEqual(['/p0', '/p1', '/p2']);
  });

  it('fails a request whose event the sink refused, and its retry records that event only', async () => {
    let refuse = true;
    const { t, accepted } = await tracker({}, async (e, list) => {
      if (refuse && e.currentPage === '/p1') throw new SinkFullError('full');
      list.push(e);
    });
    const events = [0, 1, 2].map((i) => body({ currentPage: `/p${i}`, timestamp: new Date(Date.now() + i).toISOString() }));
    await expect(t.trackAll(events, from(BROWSER_UA))).rejects.toBeInstanceOf(SinkFullError);
    refuse = false;
    expect(await t.trackAll(events, from(BROWSER_UA))).toEqual(['replay', 'counted', 'replay']);
    expect(accepted.map((e) => e.currentPage)).toEqual(['/p0', '/p2', '/p1']);
  });

  it('records a client event whose first attempt never reached the sink, and tells a copy sent meanwhile to retry', async () => {
    let attempts = 0;
    let release = () => {};
    const { t, accepted } = await tracker({}, async (e, list) => {
      attempts++;
      // The first attempt dies before the sink holds the event (a crash, Kafka refusing).
      if (attempts === 1) throw new Error('process killed');
      if (attempts === 2) await new Promise<void>((r) => (release = r));
      list.push(e);
    });
    const event = body({ currentPage: '/retried' });
    await expect(t.track(event, from(BROWSER_UA))).rejects.toThrow('process killed');
    const second = t.track(event, from(BROWSER_UA));
    await new Promise((r) => setTimeout(r, 10));
    await expect(t.track(event, from(BROWSER_UA))).rejects.toBeInstanceOf(SinkFullError);
    release();
    expect(await second).toBe('counted');
    expect(await t.track(event, from(BROWSER_UA))).toBe('replay');
    expect(accepted).toHaveLength(1);
  });
});
