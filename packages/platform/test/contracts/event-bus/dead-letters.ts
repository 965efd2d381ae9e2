import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { InvalidEventError } from '../../../src/errors.js';
import { deadLetterTopic, type DeadLetter, type EventEnvelope } from '../../../src/ports/event-bus.port.js';
import { Inbox, uniqueTopic, uniqueGroup, envelope, ids, waitFor, type EventBusContract } from './context.js';

/**
 * Subscribes `group` to `topic` with `options`, its handler throwing what `check` throws and
 * otherwise handing the event to `handled`, and a reader of the topic's dead letters (`dlq`).
 */
async function withDeadLetters(
  t: EventBusContract,
  topic: string,
  group: string,
  options: { maxAttempts: number; retryDelayMs?: number },
  check: (event: EventEnvelope) => void,
): Promise<{ handled: Inbox; dlq: Inbox }> {
  const handled = new Inbox();
  const dlq = new Inbox();
  await Promise.all([
    t.bus.subscribe({ group: `${group}-dlq`, topics: [deadLetterTopic(topic)], handler: dlq.handler }),
    t.bus.subscribe({
      group,
      topics: [topic],
      ...options,
      handler: async (event) => {
        check(event);
        await handled.handler(event);
      },
    }),
  ]);
  return { handled, dlq };
}

/** Dead letters: after maxAttempts, at once for an unreadable event, never for a transient failure. */
export function deadLetters(t: EventBusContract): void {
  it('dead-letters an event after maxAttempts failures and moves on to the next ones', async () => {
    const topic = uniqueTopic('poison');
    const group = uniqueGroup('poison');
    const poison = envelope(topic, 'review-1', { poison: true });
    const after = [envelope(topic, 'review-1', { n: 1 }), envelope(topic, 'review-1', { n: 2 })];
    let poisonAttempts = 0;
    const { handled, dlq } = await withDeadLetters(t, topic, group, { maxAttempts: 3, retryDelayMs: 10 }, (event) => {
      if ((event.data as { poison?: boolean }).poison) {
        poisonAttempts += 1;
        throw new Error(`cannot handle ${event.id}`);
      }
    });

    await t.bus.publish([poison, ...after]);

    await waitFor(() => handled.events.length === 2 && dlq.events.length === 1, 'the later events and the dead letter');
    expect(handled.ids()).toEqual(ids(after));
    expect(poisonAttempts).toBe(3);
    const [dead] = dlq.events as EventEnvelope<DeadLetter>[];
    expect(dead.type).toBe(deadLetterTopic(topic));
    expect(dead.key).toBe(poison.key);
    expect(dead.data).toEqual({ event: poison, group, error: `cannot handle ${poison.id}`, attempts: 3 });
  });

  it('dead-letters at its first attempt an event the handler cannot read (InvalidEventError), and moves on', async () => {
    const topic = uniqueTopic('unreadable');
    const [unreadable, next] = [envelope(topic, 'k', { bad: true }), envelope(topic, 'k', { n: 1 })];
    const { handled, dlq } = await withDeadLetters(t, topic, uniqueGroup('unreadable'), { maxAttempts: 5 }, (event) => {
      if ((event.data as { bad?: boolean }).bad) throw new InvalidEventError('does not match its schema');
    });
    await t.bus.publish([unreadable, next]);
    await waitFor(() => handled.events.length === 1 && dlq.events.length === 1, 'the next event and the dead letter');
    expect((dlq.events[0] as EventEnvelope<DeadLetter>).data).toMatchObject({ event: unreadable, attempts: 1 });
  });

  it('retries a handler whose store is unreachable past maxAttempts, and never dead-letters its event', async () => {
    const topic = uniqueTopic('unreachable');
    let attempts = 0;
    const { handled, dlq } = await withDeadLetters(t, topic, uniqueGroup('unreachable'), { maxAttempts: 2, retryDelayMs: 10 }, () => {
      // What the MongoDB driver throws while the server is away, six times over.
      if (++attempts <= 6) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoNetworkError' });
    });
    const event = envelope(topic, 'company-1');
    await t.bus.publish([event]);

    await waitFor(() => handled.events.length === 1, 'the attempt after the store came back');
    expect(handled.ids()).toEqual([event.id]);
    expect(attempts).toBe(7);
    await delay(200);
    expect(dlq.events).toEqual([]);
  });
}
