import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach } from 'vitest';
import type { EventBus, EventEnvelope, EventHandler } from '../../../src/ports/event-bus.port.js';

/** What each feature of the contract is given: the bus of the running test (a new one per test, closed after it). */
export interface EventBusContract {
  readonly bus: EventBus;
}

/** Registers the per-test bus in the enclosing describe. */
export function useEventBus(factory: () => Promise<EventBus>): EventBusContract {
  let bus: EventBus;

  beforeEach(async () => {
    bus = await factory();
  });

  afterEach(async () => {
    await bus?.close();
  });

  return {
    get bus() {
      return bus;
    },
  };
}

/** Fixed keys, so each adapter's partitioner spreads them the same way on every run. */
export const KEYS = Array.from({ length: 10 }, (_, i) => `key-${i}`);

export class Inbox {
  readonly events: EventEnvelope[] = [];
  readonly handler: EventHandler = async (event) => {
    this.events.push(event);
  };

  /** Ids of the events received, barrier markers left out. */
  ids(): string[] {
    return this.events.filter((e) => !isBarrier(e)).map((e) => e.id);
  }
}

export function uniqueTopic(label: string): string {
  return `contract.${label}.${randomUUID().slice(0, 8)}.v1`;
}

export function uniqueGroup(label: string): string {
  return `contract-${label}-${randomUUID().slice(0, 8)}`;
}

export function envelope(type: string, key: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), key, data };
}

export const ids = (events: EventEnvelope[]): string[] => events.map((e) => e.id);

const isBarrier = (event: EventEnvelope): boolean => (event.data as { barrier?: boolean }).barrier === true;

/**
 * Publishes one marker per key in KEYS and waits until every group received all of them. Each
 * partition is handled in order, so by then every event published before (and any redelivery of
 * one) has been handled: what a group received is final, without sleeping.
 */
export async function barrier(bus: EventBus, topic: string, groups: Array<() => EventEnvelope[]>): Promise<void> {
  const markers = KEYS.map((key) => envelope(topic, key, { barrier: true }));
  await bus.publish(markers);
  await waitFor(() => groups.every((received) => markers.every((m) => received().some((e) => e.id === m.id))), 'the barrier markers');
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(20);
  }
}
