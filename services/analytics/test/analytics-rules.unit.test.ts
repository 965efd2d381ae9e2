import { describe, expect, it } from 'vitest';
import { MemoryCache } from '@limo/platform';
import { slowCache } from '@limo/platform/testing';
import { dailySeries, totalsOf } from '../src/domain/company-analytics.js';
import { deviceFromUserAgent } from '../src/domain/device.js';
import { VisitorIds } from '../src/domain/visitor.js';
import { addDays, dayWindow, daysBetween, splitByMonth } from '@limo/analytics-store';
import { loadAnalyticsEnv } from '../src/env.js';
import { UserAgents } from '../src/domain/user-agent.js';
import { BOT_UA, BROWSER_UA, PHONE_UA } from './fixtures.js';

describe('day windows', () => {
  it('covers the last N whole UTC days including today, and the N days before', () => {
    expect(dayWindow(7, new Date('2026-03-10T23:59:00Z'))).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      previousFrom: '2026-02-25',
      previousTo: '2026-03-03',
    });
    expect(dayWindow(30, new Date('2026-03-01T00:00:00Z')).from).toBe('2026-01-31');
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('windows split into whole months and the days around them', () => {
  const none = { from: '1970-01-02', to: '1970-01-01' };
  it('reads whole months from the monthly rollups, the partial months at both ends from the daily ones', () => {
    expect(splitByMonth('2025-11-23', '2026-11-22')).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      head: { from: '2025-11-23', to: '2025-11-30' },
      tail: { from: '2026-11-01', to: '2026-11-22' },
    });
    expect(splitByMonth('2026-10-01', '2026-12-31')).toEqual({ months: { from: '2026-10-01', to: '2026-12-01' }, head: none, tail: none });
    expect(splitByMonth('2023-12-31', '2024-02-29')).toEqual({
      months: { from: '2024-01-01', to: '2024-02-01' },
      head: { from: '2023-12-31', to: '2023-12-31' },
      tail: none,
    });
  });
  it('reads only daily rows when the window holds no whole month', () => {
    expect(splitByMonth('2026-10-24', '2026-11-22')).toEqual({ months: none, head: { from: '2026-10-24', to: '2026-11-22' }, tail: none });
    expect(splitByMonth('2026-11-16', '2026-11-22')).toEqual({ months: none, head: { from: '2026-11-16', to: '2026-11-22' }, tail: none });
  });
});

describe('user agents', () => {
  it('are judged once each: bots, and the device class', () => {
    const agents = new UserAgents(2);
    expect(agents.facts(BOT_UA)).toEqual({ bot: true, device: 'desktop' });
    expect(agents.facts(PHONE_UA)).toEqual({ bot: false, device: 'mobile' });
    expect(agents.facts(PHONE_UA)).toBe(agents.facts(PHONE_UA));
  });
});

describe('device from user agent', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceFromUserAgent(PHONE_UA)).toBe('mobile');
    expect(deviceFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(deviceFromUserAgent('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1')).toBe(
      'tablet',
    );
    expect(deviceFromUserAgent('Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe('tablet');
    expect(deviceFromUserAgent(BROWSER_UA)).toBe('desktop');
  });
});

describe('visitor ids', () => {
  it('are stable within a day, differ across days, IPs and browsers, and keep no IP', async () => {
    const ids = new VisitorIds(new MemoryCache());
    const day = new Date('2026-05-01T10:00:00Z');
    const a = await ids.visitorId('203.0.113.9', BROWSER_UA, day);
    expect(await ids.visitorId('203.0.113.9', BROWSER_UA, new Date('2026-05-01T23:00:00Z'))).toBe(a);
    expect(await ids.visitorId('203.0.113.9', BROWSER_UA, new Date('2026-05-02T01:00:00Z'))).not.toBe(a);
    expect(await ids.visitorId('203.0.113.10', BROWSER_UA, day)).not.toBe(a);
    expect(await ids.visitorId('203.0.113.9', PHONE_UA, day)).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });

  it('share the salt of the day through the cache (every instance hashes alike)', async () => {
    const cache = new MemoryCache();
    const day = new Date('2026-05-01T10:00:00Z');
    expect(await new VisitorIds(cache).visitorId('198.51.100.1', BROWSER_UA, day)).toBe(
      await new VisitorIds(cache).visitorId('198.51.100.1', BROWSER_UA, day),
    );
    expect(await cache.get('analytics:salt:2026-05-01')).toEqual(expect.any(String));
  });

  // A CI run once counted one visitor's burst of events as two visitors: concurrent first requests of
  // the day each wrote a salt of their own and read it back before the other's write.
  it('are the same for concurrent first requests of the day, on one instance and across instances', async () => {
    // A cache whose every call takes a while, as Redis's do, so the requests interleave.
    const slow = slowCache(new MemoryCache());
    const day = new Date('2026-05-01T10:00:00Z');
    const instances = [new VisitorIds(slow), new VisitorIds(slow), new VisitorIds(slow)];
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => instances[i % 3].visitorId('198.51.100.1', BROWSER_UA, day)));
    expect(new Set(ids).size).toBe(1);
  });
});

describe("an owner's figures", () => {
  const rows = [
    { day: '2026-05-01', actionType: 'company_view', events: 5, visitors: 2 },
    { day: '2026-05-01', actionType: 'search_appearance', events: 7, visitors: 3 },
    { day: '2026-05-02', actionType: 'company_view', events: 1, visitors: 1 },
    { day: '2026-05-02', actionType: 'quote_request', events: 2, visitors: 1 },
    { day: '2026-05-02', actionType: 'call_click', events: 3, visitors: 1 },
    { day: '2026-05-02', actionType: 'website_click', events: 4, visitors: 1 },
    { day: '2026-05-02', actionType: 'page_view', events: 9, visitors: 1 },
  ];
  it('count profile views once per visitor and day, the rest as events', () => {
    expect(totalsOf(rows, '2026-05-01', '2026-05-02')).toEqual({
      profileViews: 3,
      searchAppearances: 7,
      quoteRequests: 2,
      callClicks: 3,
      websiteClicks: 4,
    });
    expect(totalsOf(rows, '2026-05-02', '2026-05-02').profileViews).toBe(1);
  });
  it('give one entry per day, zeros included, oldest first', () => {
    const series = dailySeries(rows, '2026-04-30', '2026-05-02');
    expect(series.map((d) => d.date)).toEqual(['2026-04-30', '2026-05-01', '2026-05-02']);
    expect(series[0]).toEqual({
      date: '2026-04-30',
      profileViews: 0,
      searchAppearances: 0,
      quoteRequests: 0,
      callClicks: 0,
      websiteClicks: 0,
    });
    expect(series[1]).toMatchObject({ profileViews: 2, searchAppearances: 7 });
  });
});

describe('settings', () => {
  it('have defaults and refuse bad values by name', () => {
    expect(loadAnalyticsEnv({})).toMatchObject({
      ANALYTICS_RETENTION_MONTHS: 13,
      ANALYTICS_FLUSH_INTERVAL_MS: 2_000,
      ANALYTICS_FLUSH_ROWS: 10_000,
      CLICKHOUSE_DATABASE: 'analytics',
    });
    expect(() => loadAnalyticsEnv({ CLICKHOUSE_URL: 'tcp://x:9000', ANALYTICS_RETENTION_MONTHS: '0' })).toThrow(
      /CLICKHOUSE_URL=.*\n.*ANALYTICS_RETENTION_MONTHS/,
    );
  });
});
