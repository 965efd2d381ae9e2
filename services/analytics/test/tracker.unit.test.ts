import { describe, expect, it } from 'vitest';
import { trackEventBodySchema } from '@limo/contracts';
import { MemoryCache, MemoryRateLimiter } from '@limo/platform';
import { GeoLocator } from '../src/domain/geo.js';
import { VisitorIds } from '../src/domain/visitor.js';
import type { EventSink } from '../src/ingest/event-sink.port.js';
import type { StoredEvent } from '../src/store/analytics-store.port.js';
import { Tracker } from '../src/tracker.js';
import { BOT_UA, BROWSER_UA, PHONE_UA } from './fixtures.js';

async function tracker() {
  const accepted: StoredEvent[] = [];
  const sink: EventSink = { accept: async (e) => void accepted.push(e), start: async () => undefined, stop: async () => undefined };
  const t = new Tracker({ sink, visitors: new VisitorIds(new MemoryCache()), geo: await GeoLocator.create(false), seen: new MemoryRateLimiter(), burstSeconds: 10 });
  return { t, accepted };
}
const body = (extra: Record<string, unknown> = {}) => trackEventBodySchema.parse({ sessionId: 's1', actionType: 'page_view', currentPage: '/', timestamp: new Date().toISOString(), ...extra });
const from = (userAgent: string | undefined, ip = '203.0.113.7') => ({ ip, userAgent });

describe('the tracker', () => {
  it('adds the server facts and keeps no IP', async () => {
    const { t, accepted } = await tracker();
    expect(await t.track(body({ deviceType: undefined }), from(PHONE_UA))).toBe('counted');
    const [event] = accepted;
    expect(event).toMatchObject({ actionType: 'page_view', deviceType: 'mobile', referrer: 'direct', country: 'Unknown', userAgent: PHONE_UA, ingestSource: 'direct' });
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
    expect(event!.visitorId).toMatch(/^[0-9a-f]{16}$/);
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
    expect(t.stats).toEqual({ counted: 2, dropped: { bot: 0, replay: 1, burst: 1 } });
    expect(accepted).toHaveLength(2);
  });

  it('keeps result companies on search events only', async () => {
    const { t, accepted } = await tracker();
    await t.track(body({ actionType: 'search', searchQuery: 'Miami, FL', companyIds: ['a', 'b', 'a'] }), from(BROWSER_UA));
    await t.track(body({ actionType: 'company_view', companyId: 'a', companyIds: ['b'] }), from(BROWSER_UA));
    expect(accepted.map((e) => e.companyIds)).toEqual([['a', 'b'], []]);
  });
});
