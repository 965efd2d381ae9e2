import type { StoredEvent } from '@limo/analytics-store';

export interface ReplayWindowOptions {
  /** How long a published event is kept. */
  windowMs: number;
  /** The most events kept (the oldest go first). */
  maxEvents: number;
}

/**
 * The events this process published lately, in the order published, with when: those of the last
 * `windowMs` and at most `maxEvents`. They are what a topic lost with a broker's data may have held
 * unread, published again to the topic's new incarnation (see BusPublisher).
 */
export class ReplayWindow {
  private times: number[] = [];
  private events: StoredEvent[] = [];
  /** Index of the oldest kept entry (entries before it are dropped, compacted now and then). */
  private head = 0;

  constructor(private readonly options: ReplayWindowOptions) {}

  /** How many events are kept. */
  get size(): number {
    return this.events.length - this.head;
  }

  /** Keeps events published at `now`, dropping those out of the window. */
  add(events: StoredEvent[], now: number): void {
    for (const event of events) {
      this.times.push(now);
      this.events.push(event);
    }
    this.drop(now);
  }

  /** The events of the window at `now`, oldest first. */
  recent(now: number): StoredEvent[] {
    this.drop(now);
    return this.events.slice(this.head);
  }

  private drop(now: number): void {
    const since = now - this.options.windowMs;
    let head = Math.max(this.head, this.events.length - this.options.maxEvents);
    while (head < this.times.length && this.times[head] < since) head++;
    this.head = head;
    // Compacted once half of the arrays are dropped entries: each entry is moved at most once or so.
    if (this.head > 1_024 && this.head * 2 > this.events.length) {
      this.times = this.times.slice(this.head);
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
  }
}
