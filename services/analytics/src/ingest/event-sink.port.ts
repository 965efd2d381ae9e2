import type { StoredEvent } from '@limo/analytics-store';

/** Where the track route hands accepted events: once `accept` resolves, the event is not lost on a clean shutdown. */
export interface EventSink {
  /** Takes one event; resolves once it is held durably enough to acknowledge (memory batch or Kafka). */
  accept(event: StoredEvent): Promise<void>;
  /** Starts background work (timers, consumers). */
  start(): Promise<void>;
  /** Writes or publishes everything accepted, then stops. */
  stop(): Promise<void>;
}

/** Raised when too much is waiting to be written: the route answers 503 and the event is not counted. */
export class SinkFullError extends Error {}
