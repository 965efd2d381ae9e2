import type { Logger } from 'pino';
import { outboxPublished } from '../metrics/metrics.js';
import type { BaseDocument, DocumentStore } from '../ports/document-store.port.js';
import type { EventBus, EventEnvelope } from '../ports/event-bus.port.js';
import { publishTraced } from '../tracing/tracing.js';
import { OutboxCollection, type PendingDocument } from './outbox-collection.js';

/** What the relay needs. */
export interface OutboxRelayOptions {
  /** The service's store; every collection it has created is scanned. */
  store: DocumentStore;
  bus: EventBus;
  logger?: Logger;
  /** Pause between two polls. Default 250 ms. */
  intervalMs?: number;
  /** Documents read per collection in one pass. Default 500. */
  batchSize?: number;
  /** The service whose outbox this is: its published events are counted under its name. */
  service?: string;
}

/** What the outbox holds, for `/metrics`. */
export interface OutboxBacklog {
  /** Documents that owe events (or a deletion to finish). */
  documents: number;
  /** Age of the oldest event not yet published; 0 when none waits. */
  oldestAgeSeconds: number;
}

const isOutboxCollection = (c: unknown): c is OutboxCollection<BaseDocument> => c instanceof OutboxCollection;

interface Work {
  collection: OutboxCollection<BaseDocument>;
  doc: PendingDocument;
}

/**
 * Publishes the events that writes stored in their documents' outbox (see `WriteOptions.events`),
 * then drops them from the outbox and finishes soft deletes. Delivery is at-least-once: a crash
 * between publishing and acknowledging publishes the same events again (consumers dedupe by id).
 *
 * Order: the events of one document go out in the order they were written. Events of different
 * documents are merged by `occurredAt`, so one key spread over several documents keeps its order as
 * far as the writers' clocks agree. Run one relay per store: two relays on the same store may publish
 * an event twice (still at-least-once, and still in order once consumers dropped the duplicates).
 */
export class OutboxRelay {
  private readonly store: DocumentStore;
  private readonly bus: EventBus;
  private readonly logger?: Logger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly published: { inc(by: number): void } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private running = false;
  private current: Promise<number> | null = null;
  private next: Promise<number> | null = null;

  constructor(options: OutboxRelayOptions) {
    this.store = options.store;
    this.bus = options.bus;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.published = options.service === undefined ? undefined : outboxPublished.labels({ service: options.service });
  }

  /** How many documents owe events in every collection, and how old the oldest unpublished event is. */
  async backlog(): Promise<OutboxBacklog> {
    let documents = 0;
    let oldest = Infinity;
    for (const collection of this.store.collections()) {
      if (!(collection instanceof OutboxCollection)) continue;
      const { documents: waiting, oldestAt } = await collection.backlog();
      documents += waiting;
      const at = oldestAt === undefined ? NaN : Date.parse(oldestAt);
      if (at < oldest) oldest = at;
    }
    return { documents, oldestAgeSeconds: Number.isFinite(oldest) ? Math.max(0, Date.now() - oldest) / 1000 : 0 };
  }

  /**
   * Starts polling every `intervalMs`, and publishing soon after every write that stores events (the
   * store tells the relay: writers never have to).
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unlisten = this.store.onEventsWritten(() => this.notify());
    this.schedule(0);
  }

  /**
   * Publishes every pending event of every collection now and returns how many were published.
   * A call while a flush runs waits for it and runs once more (concurrent calls share that one run),
   * so everything written before the call is covered. Rejects if the bus refused the events; they
   * stay stored and the next flush publishes them.
   */
  flush(): Promise<number> {
    if (!this.current) {
      this.current = this.publishAll().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    this.next ??= this.current
      .catch(() => 0)
      .then(() => {
        this.next = null;
        return this.flush();
      });
    return this.next;
  }

  /** Asks for a flush soon, without waiting for the interval (the store calls it after each write that owes events). */
  notify(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops polling and waits for a flush in progress. Unpublished events stay stored for the next relay. */
  async stop(): Promise<void> {
    this.running = false;
    this.unlisten?.();
    this.unlisten = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.allSettled([this.current, this.next]);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // A forgotten relay must not keep the process alive.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    try {
      await this.flush();
    } catch (err) {
      this.logger?.error({ err }, 'outbox relay: publishing failed, retrying on the next poll');
    }
    if (this.running && !this.timer) this.schedule(this.intervalMs);
  }

  private async publishAll(): Promise<number> {
    let published = 0;
    for (;;) {
      const { count, full } = await this.publishBatch();
      published += count;
      if (!full) return published;
    }
  }

  /** One pass over every collection; `full` when some collection filled a batch (more may be pending). */
  private async publishBatch(): Promise<{ count: number; full: boolean }> {
    const work: Work[] = [];
    let full = false;
    for (const collection of this.store.collections()) {
      if (!isOutboxCollection(collection)) {
        throw new Error(`outbox relay: collection ${collection.name} is not an OutboxCollection`);
      }
      const docs = await collection.pending(this.batchSize);
      if (docs.length >= this.batchSize) full = true;
      for (const doc of docs) work.push({ collection, doc });
    }
    const events = mergeByTime(work.map((w) => w.doc.events));
    if (events.length > 0) await publishTraced(events, (carried) => this.bus.publish(carried));
    // All at once (each is one document's own write): one after another, each acknowledgement waited
    // behind every write the service queued meanwhile, and under quote intake the relay fell behind
    // (half of 8,000 quotes' events were still unpublished when intake stopped).
    const acknowledged = await Promise.allSettled(
      work.map(({ collection, doc }) =>
        collection.acknowledge(
          doc,
          doc.events.map((e) => e.id),
        ),
      ),
    );
    const failed = acknowledged.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    if (events.length > 0) this.published?.inc(events.length);
    return { count: events.length, full };
  }
}

/** Merges per-document queues (each already in write order) by `occurredAt`, keeping each queue's order. */
function mergeByTime(queues: EventEnvelope[][]): EventEnvelope[] {
  // Each event's time parsed once; a queue's place is the time of its next event.
  const times = queues.map((queue) => queue.map(time));
  const heads = queues.map(() => 0);
  const merged: EventEnvelope[] = [];
  const total = queues.reduce((n, q) => n + q.length, 0);
  while (merged.length < total) {
    let best = -1;
    for (let i = 0; i < queues.length; i++) {
      if (heads[i] < queues[i].length && (best < 0 || times[i][heads[i]] < times[best][heads[best]])) best = i;
    }
    merged.push(queues[best][heads[best]++]);
  }
  return merged;
}

const time = (event: EventEnvelope): number => Date.parse(event.occurredAt) || 0;
