import { setTimeout as delay } from 'node:timers/promises';
import { pino, type Logger } from 'pino';
import type {
  EventBus,
  EventEnvelope,
  EventHandler,
  SubscribeBatchOptions,
  SubscribeOptions,
  Subscription,
} from '../ports/event-bus.port.js';
import { KeyedWindow } from '../events/keyed-window.js';
import { handleWithRetries } from '../events/retry.js';

export interface InProcessEventBusOptions {
  /** Receives handler retries, dead letters and retention losses. Silent when absent. */
  logger?: Logger;
  /** Partitions per topic; events of one key always land in the same one. Default 3, as on Kafka. */
  partitions?: number;
  /**
   * Most events a topic keeps, consumed or not (split evenly over its partitions), as Kafka's
   * retention: a consumer group that subscribes later still reads everything retained, from the
   * earliest offset. Default 100,000.
   */
  maxRetainedPerTopic?: number;
}

/**
 * The embedded event bus: Kafka's delivery semantics in memory. Each topic is an append-only log
 * split into partitions by a hash of the key; each consumer group keeps its own offset per partition;
 * within a group a partition's events are handled one after another by one member (per-key order),
 * partitions run concurrently; a failing handler is retried with exponential backoff and then the
 * event is dead-lettered and its offset moves on.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, Topic>();
  private readonly groups = new Map<string, Group>();
  private closed = false;

  private constructor(
    private readonly logger: Logger,
    private readonly partitionCount: number,
    private readonly maxRetainedPerPartition: number,
  ) {}

  /** Builds an empty bus. */
  static create(opts: InProcessEventBusOptions = {}): InProcessEventBus {
    const partitions = opts.partitions ?? 3;
    const maxRetained = opts.maxRetainedPerTopic ?? 100_000;
    return new InProcessEventBus(opts.logger ?? pino({ level: 'silent' }), partitions, Math.max(1, Math.ceil(maxRetained / partitions)));
  }

  /** Appends the events to their topics' logs; consumers run later, never inside this call. */
  async publish(events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    for (const event of events) {
      if (!event.type || typeof event.key !== 'string') {
        throw new Error(`Event ${event.id} needs a type and a key to be published`);
      }
    }
    events.forEach((event) => this.append(event));
  }

  /** Joins `group` for `topics`; a new group starts at the oldest retained event or at the end. */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const settings: Handling = {
      handler: options.handler,
      maxAttempts: Math.max(1, options.maxAttempts ?? 5),
      retryDelayMs: options.retryDelayMs ?? 100,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    return this.join(options.group, options.topics, options.fromBeginning ?? true, (cursor, member) =>
      this.slide(cursor, member, settings),
    );
  }

  /**
   * Joins `group` for the topic with a batch handler: each turn hands over up to `maxEvents` events
   * of one partition from the group's offset (those there: nothing is waited for), and moves the
   * offset past them once the handler resolved. A handler that throws gets the same events again,
   * `resumed`, after a doubling wait (1 s to 10 s), until it passes or the member leaves.
   */
  async subscribeBatch(options: SubscribeBatchOptions): Promise<Subscription> {
    const maxEvents = Math.max(1, options.maxEvents);
    return this.join(options.group, [options.topic], true, (cursor, member) => this.deliverBatch(cursor, member, maxEvents, options));
  }

  private join(name: string, topics: string[], fromBeginning: boolean, consume: Member['consume']): Subscription {
    this.assertOpen();
    const group = this.groups.get(name) ?? { name, members: [] };
    this.groups.set(group.name, group);
    const member: Member = {
      topics: new Set(topics),
      consume,
      stopping: new AbortController(),
      inFlight: new Set(),
      handedOver: new Set(),
      wait: 1_000,
    };
    group.members.push(member);
    rebalanced(group);
    for (const name of member.topics) {
      const topic = this.topic(name);
      let cursors = topic.cursors.get(group.name);
      if (!cursors) {
        cursors = topic.logs.map((log, partition) => ({
          topic,
          partition,
          group,
          offset: fromBeginning ? log.start : log.end,
          running: false,
        }));
        topic.cursors.set(group.name, cursors);
      }
      cursors.forEach((cursor) => this.schedule(cursor));
    }
    return { close: () => this.leave(group, member) };
  }

  /** Answers while the bus is open. */
  async ping(): Promise<void> {
    this.assertOpen();
  }

  /** Its topics live as long as the bus: never created again, the listener is never called. */
  onTopicRecreated(): () => void {
    return () => undefined;
  }

  /** Closes every subscription (in-flight handlers finish first); later publishes throw. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.groups.values()].flatMap((g) => [...g.members].map((m) => this.leave(g, m))));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }

  private topic(name: string): Topic {
    let topic = this.topics.get(name);
    if (!topic) {
      topic = { name, logs: Array.from({ length: this.partitionCount }, () => new PartitionLog()), cursors: new Map() };
      this.topics.set(name, topic);
    }
    return topic;
  }

  private leave(group: Group, member: Member): Promise<void> {
    member.leaving ??= (async () => {
      group.members.splice(group.members.indexOf(member), 1);
      rebalanced(group);
      // Stops backoff waits at once; a handler already running is awaited below.
      member.stopping.abort();
      await Promise.all(member.inFlight);
      // The remaining members take over the partitions this one had.
      for (const name of member.topics)
        this.topics
          .get(name)
          ?.cursors.get(group.name)
          ?.forEach((c) => this.schedule(c));
    })();
    return member.leaving;
  }

  /** The member that handles a partition for its group: partitions are spread over the members. */
  private owner(cursor: Cursor): Member | undefined {
    const eligible = cursor.group.members.filter((m) => m.topics.has(cursor.topic.name));
    return eligible[cursor.partition % eligible.length];
  }

  /** Starts draining a partition for a group, unless it is already being drained. */
  private schedule(cursor: Cursor): void {
    // A drain loop waiting for room or events looks again (new events, or a new owner).
    cursor.wake?.();
    if (cursor.running || this.closed) return;
    cursor.running = true;
    setImmediate(() => void this.drain(cursor));
  }

  private async drain(cursor: Cursor): Promise<void> {
    try {
      for (;;) {
        const log = cursor.topic.logs[cursor.partition];
        if (cursor.offset < log.start) {
          this.logger.warn(
            { topic: cursor.topic.name, partition: cursor.partition, group: cursor.group.name, lost: log.start - cursor.offset },
            'events dropped by retention before this group consumed them',
          );
          cursor.offset = log.start;
        }
        const value = log.at(cursor.offset);
        const member = value === undefined ? undefined : this.owner(cursor);
        // Nothing awaits between this check and `running = false`, so no publish slips through.
        if (value === undefined || !member) return;
        const task = member.consume(cursor, member);
        member.inFlight.add(task);
        await task.finally(() => member.inFlight.delete(task));
      }
    } finally {
      cursor.running = false;
    }
  }

  /**
   * Handles the partition's events from the cursor in a sliding window of `member.concurrency` (see
   * KeyedWindow), moving the offset over each unbroken prefix handled. Returns once the window is
   * empty and nothing more is to start: the log is drained, the member no longer owns the partition,
   * or it stops.
   */
  private async slide(cursor: Cursor, member: Member, settings: Handling): Promise<void> {
    const log = cursor.topic.logs[cursor.partition];
    const first = cursor.offset;
    const window = new KeyedWindow<EventEnvelope>(
      settings.concurrency,
      (event) => event.key,
      (event) => this.process(cursor, member, settings, event),
    );
    let next = first;
    try {
      for (;;) {
        // Events dropped by retention before they started end the window (drain() reports the gap),
        // as does a new owner of the partition (a member joined).
        if (this.owner(cursor) === member) {
          for (let value = log.at(next); value !== undefined && window.hasRoom && next >= log.start; value = log.at(next)) {
            window.add(JSON.parse(value) as EventEnvelope);
            next++;
          }
        }
        if (window.inFlight === 0) return;
        if (window.hasRoom) {
          // Room but no events: a publish, or a change of owner, wakes this loop before a finish does.
          const woken = new Promise<void>((resolve) => (cursor.wake = resolve));
          await Promise.race([window.settled(), woken]);
          cursor.wake = undefined;
        } else await window.settled();
        cursor.offset = first + window.committed;
      }
    } finally {
      cursor.wake = undefined;
      await window.idle().finally(() => (cursor.offset = first + window.committed));
    }
  }

  /**
   * Hands the partition's next events (up to `maxEvents`) to the batch handler and moves the offset
   * past them once it resolved; after a throw, waits (doubling, 1 s to 10 s) and returns without
   * moving it, so the drain loop hands the same events over again, unless the member stopped.
   */
  private async deliverBatch(cursor: Cursor, member: Member, maxEvents: number, options: SubscribeBatchOptions): Promise<void> {
    const log = cursor.topic.logs[cursor.partition];
    const first = cursor.offset;
    const messages = [];
    for (let offset = first; offset < first + maxEvents && log.at(offset) !== undefined; offset++) {
      messages.push({ offset, event: JSON.parse(log.at(offset)!) as EventEnvelope });
    }
    const source = `${cursor.topic.name}:local:${cursor.partition}`;
    const resumed = !member.handedOver.has(source);
    try {
      await options.handler({ source, resumed, messages });
      member.handedOver.add(source);
      member.wait = 1_000;
      cursor.offset = first + messages.length;
    } catch (err) {
      // As a Kafka member that restarts: the events come again, the first batch of their source.
      member.handedOver.delete(source);
      this.logger.error(
        { topic: cursor.topic.name, group: cursor.group.name, err, retryInMs: member.wait },
        'batch handler failed: retrying',
      );
      await delay(member.wait, undefined, { signal: member.stopping.signal }).catch(() => undefined);
      member.wait = Math.min(member.wait * 2, MAX_RETRY_WAIT_MS);
    }
  }

  /** Handles one event with retries and dead-letters it after the last attempt; false when closing interrupted it. */
  private async process(cursor: Cursor, member: Member, settings: Handling, event: EventEnvelope): Promise<boolean> {
    return handleWithRetries(event, {
      handler: settings.handler,
      topic: cursor.topic.name,
      group: cursor.group.name,
      maxAttempts: settings.maxAttempts,
      retryDelayMs: settings.retryDelayMs,
      stopping: member.stopping.signal,
      logger: this.logger,
      context: { topic: cursor.topic.name, group: cursor.group.name },
      deadLetter: (dead) => this.append(dead),
    });
  }

  private append(event: EventEnvelope): void {
    const topic = this.topic(event.type);
    const partition = partitionOf(event.key, topic.logs.length);
    // Stored as JSON so consumers get what Kafka would give them: a private, JSON-shaped copy.
    topic.logs[partition].append(JSON.stringify(event));
    this.trim(topic, partition);
    for (const cursors of topic.cursors.values()) this.schedule(cursors[partition]);
  }

  /**
   * Drops only what lies beyond the retention cap. Events the known groups have consumed are kept:
   * a group that does not exist yet (a service that starts later) must still read them.
   */
  private trim(topic: Topic, partition: number): void {
    const log = topic.logs[partition];
    log.dropBefore(log.end - this.maxRetainedPerPartition);
  }
}

interface Topic {
  name: string;
  logs: PartitionLog[];
  /** Per consumer group, one cursor per partition. */
  cursors: Map<string, Cursor[]>;
}

interface Group {
  name: string;
  members: Member[];
}

/** How a `subscribe` member handles events. */
interface Handling {
  handler: EventHandler;
  maxAttempts: number;
  retryDelayMs: number;
  /** Events of one partition handled at once (distinct keys). */
  concurrency: number;
}

interface Member {
  topics: Set<string>;
  /** Handles the partition's events from the cursor for a while (it is called again while events are left). */
  consume(cursor: Cursor, member: Member): Promise<void>;
  stopping: AbortController;
  /** Batch members: the sources whose first batch since the group last changed was handled. */
  handedOver: Set<string>;
  /** Batch members: the wait before a failed batch is handed over again. */
  wait: number;
  inFlight: Set<Promise<void>>;
  /** Set by the first close(): later calls wait for the same. */
  leaving?: Promise<void>;
}

/** A group's position in one partition; `running` while a drain loop owns it. */
interface Cursor {
  topic: Topic;
  partition: number;
  group: Group;
  /** Next offset to handle: everything before it is committed. */
  offset: number;
  running: boolean;
  /** Set while the drain loop waits for room in its window or for new events. */
  wake?: () => void;
}

/** Append-only log of serialised events; offsets keep counting when old entries are dropped. */
class PartitionLog {
  private entries: string[] = [];
  /** Index in `entries` of the oldest retained entry. */
  private head = 0;
  /** Offset of `entries[0]`. */
  private base = 0;

  get start(): number {
    return this.base + this.head;
  }

  get end(): number {
    return this.base + this.entries.length;
  }

  append(value: string): void {
    this.entries.push(value);
  }

  at(offset: number): string | undefined {
    return offset >= this.start && offset < this.end ? this.entries[offset - this.base] : undefined;
  }

  dropBefore(offset: number): void {
    const index = Math.min(offset, this.end) - this.base;
    if (index <= this.head) return;
    this.entries.fill('', this.head, index);
    this.head = index;
    // Compacting only once half the array is dead keeps dropping O(1) amortised.
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
  }
}

/** The longest wait before a failed batch is handed over again (it doubles from 1 s). */
const MAX_RETRY_WAIT_MS = 10_000;

/** Members join or leave: as on Kafka, every batch member starts each of its sources anew (`resumed`). */
function rebalanced(group: Group): void {
  for (const member of group.members) member.handedOver.clear();
}

/** FNV-1a: a stable hash, so a key always maps to the same partition. */
function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
