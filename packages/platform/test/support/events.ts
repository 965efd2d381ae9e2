import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { topicOf, type AnyEventSchema } from '@limo/contracts';

/** What an event of `S` carries, as a producer writes it. */
type DataOf<S extends AnyEventSchema> = z.input<S> extends { data: infer D } ? D : never;

/** An event of `schema` about `key`, with a fresh id, occurred now, parsed by its contract (so a test sends only what producers may). */
export function eventOf<S extends AnyEventSchema>(schema: S, key: string, data: DataOf<S>): z.output<S> {
  return schema.parse({ id: randomUUID(), type: topicOf(schema), occurredAt: new Date().toISOString(), key, data });
}
