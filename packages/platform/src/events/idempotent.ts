import { DuplicateKeyError, type BaseDocument, type Collection } from '../ports/document-store.port.js';
import type { EventHandler } from '../ports/event-bus.port.js';

/** Record that a consumer group handled an event: `_id` is `<group>:<event id>`. */
export interface HandledEvent extends BaseDocument {
  handledAt: Date;
}

/**
 * Wraps a handler so a redelivered event (the bus delivers at least once) is skipped when `group`
 * already handled it. The record is written after the handler succeeded, so a handler that fails
 * or crashes halfway is run again; a redelivery racing the first one may still run it twice, so the
 * handler's own writes should be upserts or otherwise safe to repeat.
 */
export function idempotent(handled: Collection<HandledEvent>, group: string, handler: EventHandler): EventHandler {
  return async (event) => {
    const _id = `${group}:${event.id}`;
    if (await handled.findOne({ _id })) return;
    await handler(event);
    try {
      await handled.insertOne({ _id, handledAt: new Date() });
    } catch (err) {
      // A concurrent delivery recorded it first: the event is handled either way.
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  };
}
