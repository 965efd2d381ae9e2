import { setTimeout as delay } from 'node:timers/promises';
import type { EventBus, EventEnvelope, Logger } from '@limo/platform';
import type { StoredEvent } from '@limo/analytics-store';
import { SinkFullError, type EventSink } from './event-sink.port.js';
import { ReplayWindow } from './replay-window.js';
import { Spool } from './spool.js';

export interface BusPublisherOptions {
  topic: string;
  /** How long an event may wait for others to share its publish call. Default 5 ms. */
  lingerMs?: number;
  /** Events per publish call at most. Default 1,000. */
  maxBatch?: number;
  /** Events waiting for Kafka at most; beyond, `accept` refuses. Default 50,000. */
  maxPending?: number;
  /**
   * Folder where accepted events wait on disk while Kafka does not take them (a publish failed or
   * took longer than `spoolAfterMs`): they are acknowledged once there and forwarded in order when
   * Kafka is back. Unset: such events are refused (503) and the client may retry.
   */
  spoolDir?: string;
  /** How long a publish may take before its events are spooled instead. Default 2 s. */
  spoolAfterMs?: number;
  /**
   * How long a published event is kept to be published again when its topic is found created again
   * (a broker that lost its data: see {@link BusPublisher}). Default 5 minutes.
   */
  replayWindowMs?: number;
  /** The most events kept for that (the oldest go first). Default 50,000. */
  replayMaxEvents?: number;
  logger?: Logger;
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
 * With `spoolDir`, a broker away (restarting, unreachable) costs no event: see {@link Spool}.
 *
 * A broker that comes back with fresh data (a lost volume) has lost every event of the topic the
 * ingest had not read yet, acknowledged or not. So the publisher keeps what it published during the
 * last `replayWindowMs` (at most `replayMaxEvents`: {@link ReplayWindow}, in memory) and, when the bus
 * reports the topic created again (`onTopicRecreated`, within seconds of the broker being back),
 * publishes those events again to the new topic until it takes them. The ingest keeps one row per
 * event id, so the copies of events it had stored already cost nothing. Each instance replays what it
 * published itself; what it published before the window (an ingest lagging more than the window when
 * the data was lost) or before its own restart is not replayed.
 */
export class BusPublisher implements EventSink {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private pendingCount = 0;
  private stopped = false;
  private readonly spool: Spool | undefined;
  private readonly recent: ReplayWindow;
  private unwatch: (() => void) | undefined;
  /** Stops the replay under way: a newer one replaces it, or the publisher stops. */
  private replayStop = new AbortController();
  private replaying: Promise<void> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly options: BusPublisherOptions,
  ) {
    const { spoolDir, logger } = options;
    this.spool =
      spoolDir && logger
        ? new Spool(logger, {
            dir: spoolDir,
            maxBatch: options.maxBatch ?? 1_000,
            forward: (events) => this.publishWithin(events.map((e) => this.envelopeOf(e))),
          })
        : undefined;
    this.recent = new ReplayWindow({ windowMs: options.replayWindowMs ?? 5 * 60_000, maxEvents: options.replayMaxEvents ?? 50_000 });
  }

  accept(event: StoredEvent): Promise<void> {
    if (this.stopped) return Promise.reject(new SinkFullError('analytics is shutting down'));
    // While spooling, new events queue behind the spooled ones.
    if (this.spool?.active) return this.spool.append(event);
    if (this.pendingCount >= (this.options.maxPending ?? 50_000))
      return Promise.reject(new SinkFullError('too many analytics events waiting for Kafka'));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ envelope: this.envelopeOf(event), resolve, reject });
      this.pendingCount++;
      if (this.waiting.length >= (this.options.maxBatch ?? 1_000)) this.send();
      else this.timer ??= setTimeout(() => this.send(), this.options.lingerMs ?? 5);
    });
  }

  async start(): Promise<void> {
    this.unwatch = this.bus.onTopicRecreated(this.options.topic, () => this.replay());
    await this.spool?.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch?.();
    this.replayStop.abort();
    this.send();
    await Promise.allSettled([...this.inFlight, this.replaying]);
    await this.spool?.stop();
  }

  /** Publishes the window's events again (replacing a replay under way): the topic was created again. */
  private replay(): void {
    if (this.stopped) return;
    this.replayStop.abort();
    const stop = (this.replayStop = new AbortController());
    const events = this.recent.recent(Date.now());
    this.options.logger?.warn(
      { topic: this.options.topic, events: events.length },
      'analytics topic created again (a broker that lost its data?): publishing the recent events again',
    );
    const previous = this.replaying;
    const run: Promise<void> = (async () => {
      await previous;
      await this.republish(events, stop.signal);
    })().finally(() => {
      if (this.replaying === run) this.replaying = undefined;
    });
    this.replaying = run;
  }

  /** Publishes `events` in batches, each again after a failure (a doubling wait up to 5 s), until taken or stopped. */
  private async republish(events: StoredEvent[], stop: AbortSignal): Promise<void> {
    const size = this.options.maxBatch ?? 1_000;
    for (let start = 0; start < events.length; start += size) {
      const batch = events.slice(start, start + size).map((e) => this.envelopeOf(e));
      for (let attempt = 0; ; attempt++) {
        if (stop.aborted) return;
        try {
          await this.bus.publish(batch);
          break;
        } catch (err) {
          if (attempt % 10 === 0) this.options.logger?.warn({ err, attempt }, 'recent analytics events not published again yet: retrying');
          await delay(Math.min(5_000, 250 * 2 ** Math.min(attempt, 5)), undefined, { signal: stop }).catch(() => undefined);
        }
      }
    }
    if (events.length > 0) this.options.logger?.info({ events: events.length }, 'recent analytics events published again');
  }

  private envelopeOf(event: StoredEvent): EventEnvelope<StoredEvent> {
    return {
      id: event.eventId,
      type: this.options.topic,
      occurredAt: event.receivedAt,
      key: event.visitorId || event.sessionId,
      data: event,
    };
  }

  /** Publishes, or, with a spool, gives up waiting after `spoolAfterMs` (a late success only adds copies the ingest drops). */
  private publishWithin(envelopes: Array<EventEnvelope<StoredEvent>>): Promise<void> {
    const published = this.bus.publish(envelopes).then(() =>
      this.recent.add(
        envelopes.map((e) => e.data),
        Date.now(),
      ),
    );
    if (!this.spool) return published;
    published.catch(() => undefined);
    const limit = this.options.spoolAfterMs ?? 2_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Kafka did not answer within ${limit} ms`)), limit);
    });
    return Promise.race([published, late]).finally(() => clearTimeout(timer));
  }

  /** Keeps a batch Kafka did not take in the spool (acknowledged once on disk), or refuses it without one. */
  private async spoolOrRefuse(batch: Waiting[], err: unknown): Promise<void> {
    const spool = this.spool;
    if (!spool) {
      for (const w of batch) w.reject(err);
      return;
    }
    if (!spool.active)
      this.options.logger?.warn({ err, events: batch.length }, 'Kafka is not taking analytics events: spooling them to disk');
    await Promise.all(batch.map((w) => spool.append(w.envelope.data).then(w.resolve, w.reject)));
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    const sent = this.publishWithin(batch.map((w) => w.envelope))
      .then(
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => this.spoolOrRefuse(batch, err),
      )
      .finally(() => {
        this.pendingCount -= batch.length;
        this.inFlight.delete(sent);
      });
    this.inFlight.add(sent);
  }
}
