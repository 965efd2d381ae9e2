import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { OutboxRelay } from '../../../src/outbox/outbox-relay.js';
import type { BaseDocument, Collection, DocumentStore, IndexSpec } from '../../../src/ports/document-store.port.js';
import type { EventBus, EventEnvelope, Subscription } from '../../../src/ports/event-bus.port.js';

export interface Company extends BaseDocument {
  name: string;
  city: string;
  rating: number;
  fleet: number;
  tags: string[];
  address: { state: string; zip: string };
  since: Date;
  verified: boolean;
  note?: string | null;
  phone?: string;
  items?: Array<{ sku: string; qty: number }>;
}

export const COMPANIES: Company[] = [
  {
    _id: 'a',
    name: 'Ace Limo',
    city: 'Austin',
    rating: 4.5,
    fleet: 10,
    tags: ['sedan', 'suv'],
    address: { state: 'TX', zip: '78701' },
    since: new Date('2010-01-01T00:00:00Z'),
    verified: true,
  },
  {
    _id: 'b',
    name: 'Bay Cars',
    city: 'Boston',
    rating: 3.9,
    fleet: 4,
    tags: ['sedan'],
    address: { state: 'MA', zip: '02108' },
    since: new Date('2015-06-01T00:00:00Z'),
    verified: false,
    note: null,
  },
  {
    _id: 'c',
    name: 'city coach',
    city: 'Austin',
    rating: 4.8,
    fleet: 25,
    tags: ['bus', 'suv'],
    address: { state: 'TX', zip: '73301' },
    since: new Date('2020-03-15T00:00:00Z'),
    verified: true,
    phone: '555-0100',
  },
  {
    _id: 'd',
    name: 'Delta Drivers',
    city: 'Denver',
    rating: 3.9,
    fleet: 7,
    tags: [],
    address: { state: 'CO', zip: '80202' },
    since: new Date('2018-09-09T00:00:00Z'),
    verified: false,
  },
];

/** An EventBus that records what it is given, and can refuse the next publish. */
export class RecordingBus implements EventBus {
  readonly published: EventEnvelope[] = [];
  failNext = false;

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('bus unavailable');
    }
    this.published.push(...events);
  }

  async subscribe(): Promise<Subscription> {
    throw new Error('RecordingBus does not consume');
  }

  async subscribeBatch(): Promise<Subscription> {
    throw new Error('RecordingBus does not consume');
  }

  async ping(): Promise<void> {}

  onTopicRecreated(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}

const BASE_TIME = Date.parse('2025-01-01T00:00:00Z');
let sequence = 0;

/** A new event; successive calls get increasing `occurredAt`. */
export function event(type: string, key: string): EventEnvelope {
  sequence += 1;
  return { id: randomUUID(), type, key, occurredAt: new Date(BASE_TIME + sequence).toISOString(), data: { n: sequence } };
}

export const ids = (docs: BaseDocument[]): string[] => docs.map((d) => d._id);
export const BOOKKEEPING = ['_outbox', '_pending', '_deletedAt'];

export async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Known ways a test engine departs from MongoDB, each with the reason shown in the test output; the
 * test it names is reported as skipped for that engine instead of passing.
 */
export interface DocumentStoreDeviations {
  /** The engine applies concurrent updates atomically but may return another update's result. */
  updateResultUnderConcurrency?: string;
}

/**
 * What each feature of the contract is given: the store of the running test (a fresh one per test),
 * collections with names of their own, the seeded companies, and relays stopped after each test.
 */
export interface DocumentStoreContract {
  readonly store: DocumentStore;
  readonly relays: OutboxRelay[];
  readonly deviations: DocumentStoreDeviations;
  open<T extends BaseDocument>(label: string, indexes?: IndexSpec[]): Promise<Collection<T>>;
  seeded(): Promise<Collection<Company>>;
  relay(bus: EventBus, intervalMs?: number): OutboxRelay;
}

/** Registers the per-test store and relays in the enclosing describe, and hands them to the features. */
export function useDocumentStore(factory: () => Promise<DocumentStore>, deviations: DocumentStoreDeviations): DocumentStoreContract {
  let store: DocumentStore;
  const relays: OutboxRelay[] = [];

  beforeEach(async () => {
    store = await factory();
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await store?.close();
  });

  const open = <T extends BaseDocument>(label: string, indexes?: IndexSpec[]): Promise<Collection<T>> =>
    store.collection<T>(`${label}_${randomUUID().slice(0, 8)}`, indexes);

  const seeded = async (): Promise<Collection<Company>> => {
    const companies = await open<Company>('companies');
    for (const company of COMPANIES) await companies.insertOne(company);
    return companies;
  };

  const relay = (bus: EventBus, intervalMs = 60_000): OutboxRelay => {
    const r = new OutboxRelay({ store, bus, intervalMs });
    relays.push(r);
    return r;
  };

  return {
    get store() {
      return store;
    },
    relays,
    deviations,
    open,
    seeded,
    relay,
  };
}
