import type { Admin } from '@platformatic/kafka';
import type { Logger } from '@limo/platform';
import { isUnknownTopicError } from './kafka.topics.js';

export interface TopicWatchOptions {
  /** Reads the topics' metadata (their ids). */
  admin: Admin;
  /** Creates a topic found missing (the bus's own ensure, with its partitions). */
  ensure: (topic: string) => Promise<void>;
  /** Time between two checks. */
  intervalMs: number;
  logger: Logger;
}

interface Watched {
  /** The topic id last seen; undefined until the first check that reached the broker. */
  id: string | undefined;
  listeners: Set<() => void>;
}

/**
 * Notices a topic created again. Kafka gives each topic incarnation an id (its topic UUID), so a
 * topic a broker lost with its data and got back (recreated by a producer, a consumer, or this watch
 * when it finds it missing) has a new one. The watched topics' ids are read every `intervalMs` with
 * one forced metadata request (one per topic when one is missing; none while nothing is watched); when it
 * differs from the one seen before, the topic's listeners are called. A check that cannot reach the
 * broker keeps the id it knew, so a broker away for any time is still noticed when it is back.
 * Brokers answering metadata older than v10 (no topic ids) are never noticed.
 */
export class TopicWatch {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: TopicWatchOptions) {}

  /** Calls `listener` when `topic` (its name on the brokers) is found created again; returns the unsubscribe. */
  add(topic: string, listener: () => void): () => void {
    let entry = this.watched.get(topic);
    if (!entry) {
      entry = { id: undefined, listeners: new Set() };
      this.watched.set(topic, entry);
      // Its id now, so that an incarnation lost soon after is told apart.
      this.schedule(0);
    }
    const watched = entry;
    watched.listeners.add(listener);
    return () => {
      watched.listeners.delete(listener);
      if (watched.listeners.size === 0 && this.watched.get(topic) === watched) this.watched.delete(topic);
    };
  }

  /** Stops checking; a check under way finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
  }

  private schedule(ms: number): void {
    if (this.stopped || this.checking) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.checking = this.checkAll().finally(() => {
        this.checking = undefined;
        if (this.watched.size > 0) this.schedule(this.options.intervalMs);
      });
    }, ms);
    // The watch alone keeps no process alive.
    this.timer.unref();
  }

  private async checkAll(): Promise<void> {
    // One request for every topic while all exist; one per topic to create a missing one.
    const ids = await this.readIds([...this.watched.keys()]).catch(() => undefined);
    for (const [topic, entry] of [...this.watched]) {
      if (this.stopped) return;
      const id = ids?.get(topic) ?? (await this.currentId(topic));
      if (id === undefined) continue;
      const before = entry.id;
      entry.id = id;
      if (before === undefined || before === id) continue;
      this.options.logger.warn({ topic, before, now: id }, 'Kafka topic created again (a broker that lost its data?)');
      for (const listener of entry.listeners) {
        try {
          listener();
        } catch (err) {
          this.options.logger.error({ topic, err }, 'a listener of a recreated Kafka topic failed');
        }
      }
    }
  }

  /** The topic's id, after creating it when it is missing; undefined when the broker did not answer. */
  private async currentId(topic: string): Promise<string | undefined> {
    try {
      return await this.readId(topic);
    } catch (err) {
      if (!isUnknownTopicError(err)) return undefined;
    }
    try {
      await this.options.ensure(topic);
      return await this.readId(topic);
    } catch (err) {
      this.options.logger.warn({ topic, err }, 'Kafka topic missing and not created yet: checking again later');
      return undefined;
    }
  }

  private async readId(topic: string): Promise<string | undefined> {
    return (await this.readIds([topic])).get(topic);
  }

  private async readIds(topics: string[]): Promise<Map<string, string>> {
    const metadata = await this.options.admin.metadata({ topics, forceUpdate: true });
    const ids = new Map<string, string>();
    for (const topic of topics) {
      const id = metadata.topics.get(topic)?.id;
      if (id) ids.set(topic, id);
    }
    return ids;
  }
}
