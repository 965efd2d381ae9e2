import { describe, expect, it } from 'vitest';
import { createLogger } from '@limo/platform';
import type { CompaniesRepository } from '../../src/repositories/companies.repository.js';
import type { AnalyticsStore } from '@limo/analytics-store';
import { seedDemoTraffic } from '../../src/use-cases/demo-traffic.js';

// The demo's traffic (embedded profile with demo data): added once to an empty store, over the demo
// companies once directory's events brought them, generated inside ClickHouse by one INSERT ... SELECT.

/** A store holding `events` events, keeping the commands it was sent. */
function storeWith(events: number) {
  const commands: string[] = [];
  const store = {
    rows: async (query: string) => (query === 'SELECT count() AS n FROM analytics.events' ? [{ n: String(events) }] : []),
    command: async (query: string) => void commands.push(query),
  } as unknown as AnalyticsStore;
  return { store, commands };
}

/** The read-model's ids, one answer per call (the last one repeated). */
function companiesArriving(...answers: string[][]) {
  let calls = 0;
  const companies = { someIds: async () => answers[Math.min(calls++, answers.length - 1)] } as unknown as CompaniesRepository;
  return { companies, calls: () => calls };
}

const logger = createLogger('silent');
const ids = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('demo traffic', () => {
  it('is generated once 200 demo companies are there, naming them (only safe characters kept)', async () => {
    const { store, commands } = storeWith(0);
    const arriving = companiesArriving([...ids(199), "evil'); DROP TABLE x; --"]);
    await seedDemoTraffic(store, 'analytics', arriving.companies, logger, new AbortController().signal);
    // 200 are enough: no waiting for more.
    expect(arriving.calls()).toBe(1);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain('INSERT INTO analytics.events (eventId, receivedAt, actionType');
    expect(commands[0]).toContain('FROM numbers(30000)');
    expect(commands[0]).toContain("['c0', 'c1', ");
    expect(commands[0]).toContain("'evilDROPTABLEx--']");
  });

  it('waits while the companies arrive, and starts once their count settles', async () => {
    const { store, commands } = storeWith(0);
    const arriving = companiesArriving(ids(3), ids(3));
    await seedDemoTraffic(store, 'analytics', arriving.companies, logger, new AbortController().signal);
    expect(arriving.calls()).toBe(2);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain("['c0', 'c1', 'c2']");
  }, 10_000);

  it('adds nothing to a store that has events, nor without companies, nor once stopped', async () => {
    const full = storeWith(1);
    const arriving = companiesArriving(ids(200));
    await seedDemoTraffic(full.store, 'analytics', arriving.companies, logger, new AbortController().signal);
    expect(full.commands).toEqual([]);
    expect(arriving.calls()).toBe(0);

    const stopped = new AbortController();
    stopped.abort();
    const empty = storeWith(0);
    await seedDemoTraffic(empty.store, 'analytics', companiesArriving(ids(200)).companies, logger, stopped.signal);
    expect(empty.commands).toEqual([]);

    // Nobody arrives: the stop ends the wait.
    const stopping = new AbortController();
    setTimeout(() => stopping.abort(), 1_500);
    const none = companiesArriving([]);
    await seedDemoTraffic(empty.store, 'analytics', none.companies, logger, stopping.signal);
    expect(none.calls()).toBe(2);
    expect(empty.commands).toEqual([]);

    // Stopped while companies were still arriving: nothing is added for the few that came.
    const interrupted = new AbortController();
    setTimeout(() => interrupted.abort(), 1_500);
    await seedDemoTraffic(empty.store, 'analytics', companiesArriving(ids(3), ids(5), ids(8)).companies, logger, interrupted.signal);
    expect(empty.commands).toEqual([]);
    // CI's machine, loaded, once took over 10 s of real time for these two 1.5 s waits.
  }, 30_000);
});
