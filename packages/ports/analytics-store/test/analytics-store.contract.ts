import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../src/analytics-store.port.js';
import { dayWindow, utcDay } from '../src/windows.js';
import { daysAgo, storedEvent } from './fixtures.js';

/**
 * The analytics store's contract: one suite, run against every adapter (chDB always, a ClickHouse
 * server when CLICKHOUSE_URL is set). `open` gives a store on the empty `database`.
 */
export function describeAnalyticsStoreContract(
  name: string,
  database: string,
  open: () => Promise<AnalyticsStore & { drop?(): Promise<void> }>,
): void {
  describe(`analytics store contract: ${name}`, () => {
    let store: AnalyticsStore & { drop?(): Promise<void> };
    const now = new Date();
    const w30 = dayWindow(30, now);

    beforeAll(async () => {
      store = await open();
      await store.migrate();
      await store.migrate();
      await store.insert(
        [
          // Today: two visitors, one of them twice on the same company.
          storedEvent({ visitorId: 'a', currentPage: '/', referrer: 'https://google.com/', newVisitor: 1 }),
          storedEvent({ visitorId: 'b', currentPage: '/', deviceType: 'mobile', city: 'Miami', state: 'FL', newVisitor: 1 }),
          storedEvent({ visitorId: 'a', actionType: 'company_view', companyId: 'c1', currentPage: '/company/c1', newProfileView: 1 }),
          storedEvent({ visitorId: 'a', actionType: 'company_view', companyId: 'c1', currentPage: '/company/c1' }),
          storedEvent({ visitorId: 'b', actionType: 'company_view', companyId: 'c2', currentPage: '/company/c2', newProfileView: 1 }),
          storedEvent({ visitorId: 'a', actionType: 'search', searchQuery: 'Miami, FL', companyIds: ['c1', 'c2'] }),
          storedEvent({ visitorId: 'b', actionType: 'search', searchQuery: 'Miami, FL', companyIds: ['c1'] }),
          storedEvent({ visitorId: 'b', actionType: 'search', searchQuery: 'Austin, TX' }),
          storedEvent({ visitorId: 'a', actionType: 'quote_request', companyId: 'c1' }),
          storedEvent({ visitorId: 'a', actionType: 'call_click', companyId: 'c1' }),
          storedEvent({ visitorId: 'a', actionType: 'website_click', companyId: 'c1' }),
          // 3 days ago: a visitor of another day (visitor ids change daily; the track route flags each day's first event).
          storedEvent({
            visitorId: 'a',
            actionType: 'company_view',
            companyId: 'c1',
            receivedAt: daysAgo(3, now),
            newVisitor: 1,
            newProfileView: 1,
          }),
          // 40 days ago: previous period of the 30-day window.
          storedEvent({ visitorId: 'z', receivedAt: daysAgo(40, now), newVisitor: 1 }),
          storedEvent({ visitorId: 'z', actionType: 'company_view', companyId: 'c1', receivedAt: daysAgo(40, now), newProfileView: 1 }),
          // 200 days ago: outside both 30-day periods, inside 365.
          storedEvent({ visitorId: 'y', receivedAt: daysAgo(200, now) }),
        ],
        'contract-batch-1',
      );
    }, 60_000);
    afterAll(async () => {
      await store?.drop?.();
      await store?.close();
    });

    it('stores a batch once, however often it is written with the same id', async () => {
      await store.insert([storedEvent({ visitorId: 'dup', receivedAt: daysAgo(100, now) })], 'contract-batch-dup');
      await store.insert([storedEvent({ visitorId: 'dup', receivedAt: daysAgo(100, now) })], 'contract-batch-dup');
      const year = await store.overview(dayWindow(365, now));
      expect(year.totalPageViews).toBe(2 + 1 + 1 + 1);
    });

    it('answers the overview for the window and the one before', async () => {
      expect(await store.overview(w30)).toEqual({
        totalPageViews: 2,
        totalCompanyViews: 4,
        totalSearches: 3,
        totalQuoteRequests: 1,
        // Visitors per day, summed over the window: a and b today, a three days ago.
        uniqueVisitors: 3,
        previousPeriod: { totalPageViews: 1, totalCompanyViews: 1, totalSearches: 0, totalQuoteRequests: 0, uniqueVisitors: 1 },
      });
      const week = await store.overview(dayWindow(7, now));
      expect(week.totalCompanyViews).toBe(4);
      expect(week.previousPeriod.totalCompanyViews).toBe(0);
    });

    it('ranks companies by views with their quotes', async () => {
      expect(await store.topCompanies(w30, 10)).toEqual([
        { companyId: 'c1', viewCount: 3, quoteCount: 1 },
        { companyId: 'c2', viewCount: 1, quoteCount: 0 },
      ]);
      expect(await store.topCompanies(w30, 1)).toHaveLength(1);
    });

    it('counts places by distinct visitors, devices and referrers by events', async () => {
      expect(await store.geographic(w30, 10)).toEqual([
        { city: 'San Jose', state: 'CA', country: 'US', visitorCount: 2 },
        { city: 'Miami', state: 'FL', country: 'US', visitorCount: 1 },
      ]);
      expect(await store.devices(w30, 10)).toEqual([
        { deviceType: 'desktop', count: 11 },
        { deviceType: 'mobile', count: 1 },
      ]);
      expect(await store.referrers(w30, 10)).toEqual([
        { referrer: 'direct', count: 11 },
        { referrer: 'https://google.com/', count: 1 },
      ]);
    });

    it('answers long windows from whole months and the days around them, a retried batch counted once', async () => {
      const w365 = dayWindow(365, now);
      // 100 days ago lies in a whole month of the 365-day window (monthly rollups); 364 days ago in its first, partial month (daily).
      const monthly = (extra: Parameters<typeof storedEvent>[0]) =>
        storedEvent({ receivedAt: daysAgo(100, now), city: 'Month City', state: 'TX', newVisitor: 1, ...extra });
      const batch = [
        monthly({ visitorId: 'm1', actionType: 'company_view', companyId: 'cm', deviceType: 'tablet', referrer: 'https://month.example/' }),
        monthly({ visitorId: 'm2', actionType: 'company_view', companyId: 'cm', deviceType: 'tablet', referrer: 'https://month.example/' }),
        monthly({ visitorId: 'm2', actionType: 'quote_request', companyId: 'cm', newVisitor: 0, deviceType: 'tablet' }),
        monthly({ visitorId: 'm3', actionType: 'search', searchQuery: 'Month query', deviceType: 'tablet' }),
        storedEvent({
          visitorId: 'e1',
          receivedAt: daysAgo(364, now),
          actionType: 'company_view',
          companyId: 'cm',
          city: 'Month City',
          state: 'TX',
          newVisitor: 1,
        }),
        storedEvent({ visitorId: 'e1', receivedAt: daysAgo(364, now), actionType: 'search', searchQuery: 'Month query' }),
      ];
      await store.insert(batch, 'contract-months');
      await store.insert(batch, 'contract-months');
      expect(await store.topCompanies(w365, 10)).toContainEqual({ companyId: 'cm', viewCount: 3, quoteCount: 1 });
      expect(await store.topCompanies(w30, 10)).not.toContainEqual(expect.objectContaining({ companyId: 'cm' }));
      expect(await store.geographic(w365, 10)).toContainEqual({ city: 'Month City', state: 'TX', country: 'US', visitorCount: 4 });
      expect(await store.devices(w365, 10)).toContainEqual({ deviceType: 'tablet', count: 4 });
      expect(await store.referrers(w365, 10)).toContainEqual({ referrer: 'https://month.example/', count: 2 });
      expect(await store.popularSearches(w365, 10)).toContainEqual({ searchQuery: 'Month query', searchCount: 2 });
      expect(await store.popularSearches(w30, 10)).not.toContainEqual(expect.objectContaining({ searchQuery: 'Month query' }));
    });

    it('gives daily trends for days with events, newest first', async () => {
      const trends = await store.dailyTrends(w30);
      expect(trends[0]).toEqual({ date: utcDay(now), pageViews: 2, companyViews: 3, searches: 3, quoteRequests: 1 });
      expect(trends[1]).toEqual({ date: utcDay(new Date(daysAgo(3, now))), pageViews: 0, companyViews: 1, searches: 0, quoteRequests: 0 });
      expect(trends).toHaveLength(2);
    });

    it('ranks search texts', async () => {
      expect(await store.popularSearches(w30, 20)).toEqual([
        { searchQuery: 'Miami, FL', searchCount: 2 },
        { searchQuery: 'Austin, TX', searchCount: 1 },
      ]);
    });

    it("gives a company's days: visitors per day, search appearances, leads", async () => {
      const rows = await store.companyDays('c1', w30.previousFrom, w30.to);
      const today = utcDay(now);
      const of = (day: string, action: string) => rows.find((r) => r.day === day && r.actionType === action);
      expect(of(today, 'company_view')).toMatchObject({ events: 2, visitors: 1 });
      expect(of(today, 'search_appearance')).toMatchObject({ events: 2 });
      expect(of(today, 'quote_request')).toMatchObject({ events: 1 });
      expect(of(today, 'call_click')).toMatchObject({ events: 1 });
      expect(of(today, 'website_click')).toMatchObject({ events: 1 });
      expect(of(utcDay(new Date(daysAgo(40, now))), 'company_view')).toMatchObject({ events: 1, visitors: 1 });
      expect(await store.companyDays('nobody', w30.from, w30.to)).toEqual([]);
    });

    it('answers realtime from the last minutes only', async () => {
      const live = await store.realtime(new Date(Date.now() - 30 * 60_000), 30);
      expect(live).toMatchObject({ windowMinutes: 30, activeVisitors: 2, activeSessions: 1, events: 11, pageViews: 2 });
      expect(live.topPages).toEqual([{ page: '/', views: 2 }]);
      expect(live.perMinute.reduce((sum, m) => sum + m.events, 0)).toBe(11);
    });

    it('counts realtime exactly among many distinct pages, over several inserts and minutes', async () => {
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const view = (page: string, minutesAgo: number, visitorId: string) =>
        storedEvent({ currentPage: page, receivedAt: at(minutesAgo), visitorId, sessionId: `rt-${visitorId}` });
      const many = (prefix: string, minutesAgo: number) =>
        Array.from({ length: 150 }, (_, i) => view(`/${prefix}/${i}`, minutesAgo, 'rt-1'));
      // '/warm' is one view among 150 alike in the first insert (not among its leaders), three in the second.
      await store.insert(
        [...many('p', 5), view('/hot', 5, 'rt-1'), view('/hot', 5, 'rt-1'), view('/hot', 5, 'rt-2'), view('/warm', 5, 'rt-2')],
        'contract-realtime-1',
      );
      await store.insert(
        [...many('q', 2), view('/hot', 2, 'rt-2'), view('/hot', 2, 'rt-2'), ...['/warm', '/warm', '/warm'].map((p) => view(p, 2, 'rt-1'))],
        'contract-realtime-2',
      );
      // Before the window: counted nowhere in realtime.
      await store.insert(
        Array.from({ length: 20 }, () => view('/old', 40, 'rt-old')),
        'contract-realtime-3',
      );
      const live = await store.realtime(new Date(Date.now() - 30 * 60_000), 30);
      // Before: 11 events of 2 visitors in 1 session, 2 page views of '/'; now 309 page views more.
      expect(live).toMatchObject({ activeVisitors: 4, activeSessions: 3, events: 11 + 309, pageViews: 2 + 309 });
      expect(live.topPages).toEqual([
        { page: '/hot', views: 5 },
        { page: '/warm', views: 4 },
        { page: '/', views: 2 },
        ...['/p/0', '/p/1', '/p/10', '/p/100', '/p/101', '/p/102', '/p/103'].map((page) => ({ page, views: 1 })),
      ]);
      expect(live.perMinute.reduce((sum, m) => sum + m.events, 0)).toBe(11 + 309);
      expect(live.perMinute.every((m) => m.minute >= live.since.slice(0, 16))).toBe(true);
    });

    it('stores every field of an event as given', async () => {
      const event = storedEvent({
        receivedAt: daysAgo(250, now),
        clientTime: '2026-01-02T03:04:05.678Z',
        actionType: 'search',
        companyId: 'co-1',
        companyIds: ['co-2', 'co-3'],
        sessionId: 'session-field',
        visitorId: 'visitor-field',
        searchQuery: 'Austin, "TX"',
        searchFilters: '{"vehicle":"sedan"}',
        currentPage: '/search?q=x',
        landingPage: '/landing',
        referrer: 'https://example.com/',
        userAgent: 'Agent/1.0 \\ tab\t',
        deviceType: 'tablet',
        country: 'CA',
        state: 'ON',
        city: 'Toronto',
        timeSpent: 42,
        newVisitor: 1,
        newProfileView: 0,
        ingestSource: 'fields:0',
        ingestOffset: 123,
      });
      await store.insert([event], 'contract-fields');
      const [row] = await store.rows<Record<string, unknown>>(
        `SELECT * EXCEPT (receivedAt, clientTime, ingestBatch), toString(receivedAt) AS receivedAt, toString(clientTime) AS clientTime
         FROM ${database}.events WHERE eventId = {id:UUID}`,
        { id: event.eventId },
      );
      const iso = (time: unknown) => `${String(time).replace(' ', 'T')}Z`;
      expect({
        ...row,
        receivedAt: iso(row?.receivedAt),
        clientTime: iso(row?.clientTime),
        ingestOffset: Number(row?.ingestOffset),
      }).toEqual(event);
    });

    it('knows the highest Kafka offset stored per partition', async () => {
      expect(await store.maxIngestOffset('analytics.tracked.v1:0')).toBe(-1);
      await store.insert(
        [5, 6, 7].map((offset) =>
          storedEvent({ ingestSource: 'analytics.tracked.v1:0', ingestOffset: offset, receivedAt: daysAgo(300, now) }),
        ),
        'contract-offsets',
      );
      expect(await store.maxIngestOffset('analytics.tracked.v1:0')).toBe(7);
      expect(await store.maxIngestOffset('analytics.tracked.v1:1')).toBe(-1);
    });

    // Issue 23, defect 2: the ingest's skip by event id asked this and was told "none" every time (an
    // alias shadowed the column), so an event read twice from Kafka was counted twice.
    it('tells which of the given event ids it holds, from a time on', async () => {
      const held = storedEvent({ receivedAt: daysAgo(300, now) });
      await store.insert([held], 'contract-event-ids');
      const other = storedEvent().eventId;
      expect([...(await store.storedEventIds([held.eventId, other], daysAgo(301, now)))]).toEqual([held.eventId]);
      expect([...(await store.storedEventIds([held.eventId], daysAgo(299, now)))]).toEqual([]);
    });

    it('gives back the last batch of a source as it was inserted, under its id', async () => {
      const source = 'analytics.tracked.v1:2';
      expect(await store.lastBatch(source)).toBeUndefined();
      const batch = (offsets: number[]) =>
        offsets.map((offset) =>
          storedEvent({ ingestSource: source, ingestOffset: offset, receivedAt: daysAgo(299, now), clientTime: daysAgo(299, now) }),
        );
      await store.insert(batch([10, 11]), 'contract-batch-a');
      const last = batch([12, 13, 14]);
      last[1] = { ...last[1], timeSpent: 42, companyIds: ['a', 'b'], newVisitor: 1 };
      await store.insert(last, 'contract-batch-b');
      expect(await store.lastBatch(source)).toEqual({ batchId: 'contract-batch-b', events: last });
    });
  });
}
