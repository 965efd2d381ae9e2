import type { Logger } from '../logger.js';
import { DuplicateKeyError, type BaseDocument, type Collection, type IndexSpec } from '../ports/document-store.port.js';
import type { EventHandler } from '../ports/event-bus.port.js';

/** Record that a consumer group handled an event: `_id` is `<group>:<event id>`. */
export interface HandledEvent extends BaseDocument {
  handledAt: Date;
}

/** The indexes of `handled_events`: `handledAt` serves the pruning of old records. */
export const HANDLED_EVENTS_INDEXES: IndexSpec[] = [{ fields: { handledAt: 1 } }];

/** How often a service prunes its `handled_events`. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

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

/**
 * Forgets the events handled more than `retentionMs` before `now` (the same in every store: a
 * delete by `handledAt`, so neither engine's TTL machinery is needed); returns how many. Keep the
 * retention longer than any redelivery: an event redelivered after its record is gone runs again.
 */
export function pruneHandledEvents(handled: Collection<HandledEvent>, retentionMs: number, now = new Date()): Promise<number> {
  return handled.deleteMany({ handledAt: { $lt: new Date(now.getTime() - retentionMs) } });
}

/**
 * Prunes `handled` now and then every hour (a failed pass is logged and tried again at the next);
 * returns the function that stops it, which waits for a pass under way.
 */
export function keepHandledEventsPruned(handled: Collection<HandledEvent>, retentionMs: number, logger: Logger): () => Promise<void> {
  let pass: Promise<unknown> = Promise.resolve();
  const prune = () => {
    pass = pruneHandledEvents(handled, retentionMs).then(
      (removed) => removed > 0 && logger.debug({ removed }, 'handled events past their retention removed'),
      (err: unknown) => logger.warn({ err }, 'handled events not pruned: tried again in an hour'),
    );
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pass;
  };
}
