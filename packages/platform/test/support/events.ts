import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { topicOf, type AnyEventSchema } from '@limo/contracts';
import { InProcessEventBus } from '../../src/adapters/inprocess.event-bus.js';
import { OutboxRelay } from '../../src/outbox/outbox-relay.js';
import type { EventEnvelope } from '../../src/ports/event-bus.port.js';
import type { DocumentStore } from '../../src/ports/document-store.port.js';

/** What an event of `S` carries, as a producer writes it. */
type DataOf<S extends AnyEventSchema> = z.input<S> extends { data: infer D } ? D : never;

/** An event of `schema` about `key`, with a fresh id, occurred now, parsed by its contract (so a test sends only what producers may). */
export function eventOf<S extends AnyEventSchema>(schema: S, key: string, data: DataOf<S>): z.output<S> {
  return schema.parse({ id: randomUUID(), type: topicOf(schema), occurredAt: new Date().toISOString(), key, data });
}

/**
 * What the writes on `store` published through its outbox, read without a broker: each call flushes the
 * outbox first, then answers the events published so far (of `type` only, when given).
 */
export function outboxEvents(store: DocumentStore): (type?: string) => Promise<EventEnvelope[]> {
  const published: EventEnvelope[] = [];
  const bus = InProcessEventBus.create();
  const recording = Object.assign(Object.create(bus) as InProcessEventBus, {
    publish: async (events: EventEnvelope[]) => {
      published.push(...events);
    },
  });
  const relay = new OutboxRelay({ store, bus: recording });
  return async (type) => {
    await relay.flush();
    return type ? published.filter((e) => e.type === type) : [...published];
  };
}
