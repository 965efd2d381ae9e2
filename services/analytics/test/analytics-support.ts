import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CompanySnapshot } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { startThrowaway, type ThrowawaySystem } from '@limo/embedded';
import { ApiClient, waitFor } from '@limo/platform/testing';
import { BOT_UA, BROWSER_UA } from './fixtures.js';

const admin = { email: 'analytics-admin@example.com', password: 'admin-pass-123' };

function snapshot(overrides: Partial<CompanySnapshot>): CompanySnapshot {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    name: `Limo ${id.slice(0, 6)}`,
    email: null,
    businessEmail: null,
    phone: null,
    city: 'Miami',
    state: 'FL',
    zipCode: null,
    latitude: null,
    longitude: null,
    userId: null,
    createdAt: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

const created = (data: CompanySnapshot): EventEnvelope => ({
  id: randomUUID(),
  type: 'company.created.v1',
  occurredAt: new Date().toISOString(),
  key: data.id,
  data,
});

/** How long the journey waits for tracked events to show (see its first test). */
export const VISIBLE_WITHIN_MS = 20_000;

/** What the journey's tests and the route tests it runs are given: the product and its actors, and how to send events. */
export interface AnalyticsJourney {
  readonly system: ThrowawaySystem;
  readonly adminClient: ApiClient;
  readonly owner: ApiClient;
  readonly ownerId: string;
  /** A company of `owner`'s, and one of someone else's, both in analytics' read-model. */
  readonly owned: CompanySnapshot;
  readonly other: CompanySnapshot;
  /** This run's mark, in user agents, pages and names. */
  readonly run: string;
  readonly searchText: string;
  /** A client sending one tracked event a call as the web app does, as a new visitor of this run. */
  browser(ua?: string): (body: Record<string, unknown>) => ReturnType<ApiClient['call']>;
  /** A tracked event of this run's session. */
  event(actionType: string, extra?: Record<string, unknown>): Record<string, unknown>;
}

/** Starts the product with `env` (the profile) before the enclosing describe's tests, with an admin, an owner and two companies. */
export function useAnalyticsSystem(env: () => Record<string, string>): AnalyticsJourney {
  // The product and its actors are set when the product has started (beforeAll below).
  const started = {} as { -readonly [K in 'system' | 'adminClient' | 'owner' | 'ownerId' | 'owned' | 'other']: AnalyticsJourney[K] };
  const run = randomUUID().slice(0, 8);
  const searchText = `Miami, FL ${run}`;

  // Each run is a new visitor, also on a Redis that remembers today's visitors of earlier runs.
  const browser = (ua = BROWSER_UA) => {
    const client = new ApiClient(started.system.url);
    const agent = ua === BOT_UA ? ua : `${ua} Run/${run}`;
    return (body: Record<string, unknown>) => client.call('POST', '/api/analytics/track', body, { 'user-agent': agent });
  };
  const event = (actionType: string, extra: Record<string, unknown> = {}) => ({
    sessionId: `s-${run}`,
    userAgent: BROWSER_UA,
    referrer: 'direct',
    timestamp: new Date().toISOString(),
    actionType,
    currentPage: '/',
    landingPage: '/',
    ...extra,
  });

  beforeAll(async () => {
    const system = await startThrowaway({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env() });
    started.system = system; // closed after, whatever fails below
    const adminClient = new ApiClient(system.url);
    expect((await adminClient.call('POST', '/api/login', admin)).status).toBe(200);
    const owner = new ApiClient(system.url);
    const registered = await owner.call('POST', '/api/register', {
      username: `owner-${run}`,
      email: `owner-${run}@owners.example`,
      password: 'secret-pass',
      role: 'business',
    });
    expect(registered.status).toBe(201);
    const ownerId = registered.json.id as string;
    const owned = snapshot({ name: `Owned Limo ${run}`, userId: ownerId });
    const other = snapshot({ name: `Other Limo ${run}`, userId: randomUUID() });
    Object.assign(started, { adminClient, owner, ownerId, owned, other });
    await system.shared.bus.publish([created(owned), created(other)]);
    // The companies reach analytics' read-model through the bus first (the 5 s below are the events').
    // On a shared Kafka the group may first catch up on other runs' company events.
    const companies = await system.services.analytics.store.collection<{ _id: string }>('companies');
    await waitFor(
      async () => (await companies.count({ _id: { $in: [owned.id, other.id] } })) === 2,
      150_000,
      'the companies in the read-model',
    );
  }, 240_000);
  afterAll(async () => {
    await started.system?.close();
  });

  return Object.assign(started, {
    run,
    searchText,
    browser,
    event,
  });
}
