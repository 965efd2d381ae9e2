import type { EventBus, EventEnvelope } from '@limo/platform';
import type { StoredEvent } from '../store/analytics-store.port.js';
import { SinkFullError, type EventSink } from './event-sink.port.js';

export interface BusPublisherOptions {
  topic: string;
  /** How long an event may wait for others to share its publish call. Default 5 ms. */
  lingerMs?: number;
  /** Events per publish call at most. Default 1,000. */
  maxBatch?: number;
  /** Events waiting for Kafka at most; beyond, `accept` refuses. Default 50,000. */
  maxPending?: number;
}

interface Waiting {
  envelope: EventEnvelope<StoredEvent>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * The distributed ingest path's first half: the track route's events go to a Kafka topic, a few
 * milliseconds' worth per publish call, and each `accept` resolves once Kafka (acks=all) holds its
 * event, so an acknowledged event survives any restart. The ingest consumer writes them to ClickHouse.
 */
export class BusPublisher implements EventSink {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private pendingCount = 0;
  private stopped = false;

  constructor(
    private readonly bus: EventBus,
    private readonly options: BusPublisherOptions,
  ) {}

  accept(event: StoredEvent): Promise<void> {
    if (this.stopped) return Promise.reject(new SinkFullError('analytics is shutting down'));
    if (this.pendingCount >= (this.options.maxPending ?? 50_000))
      return Promise.reject(new SinkFullError('too many analytics events waiting for Kafka'));
    return new Promise<void>((resolve, reject) => {
      const envelope = {
        id: event.eventId,
        type: this.options.topic,
        occurredAt: event.receivedAt,
        key: event.visitorId || event.sessionId,
        data: event,
      };
      this.waiting.push({ envelope, resolve, reject });
      this.pendingCount++;
      if (this.waiting.length >= (this.options.maxBatch ?? 1_000)) this.send();
      else this.timer ??= setTimeout(() => this.send(), this.options.lingerMs ?? 5);
    });
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.stopped = true;
    this.send();
    await Promise.allSettled([...this.inFlight]);
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    const sent = this.bus
      .publish(batch.map((w) => w.envelope))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.pendingCount -= batch.length;
        this.inFlight.delete(sent);
      });
    this.inFlight.add(sent);
  }
}
