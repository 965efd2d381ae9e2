import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { Inbox, uniqueTopic, uniqueGroup, envelope, waitFor, type EventBusContract } from './context.js';

/** Committed offsets: a group resumes where it stopped, a new one may start at the end, close commits. */
export function offsets(t: EventBusContract): void {
  it('resumes a group from its committed offset, with what was published while it was down', async () => {
    const topic = uniqueTopic('resume');
    const group = uniqueGroup('resume');
    // One key, hence one partition: a redelivered old event would arrive before the new one.
    const [e1, e2, e3] = [1, 2, 3].map((n) => envelope(topic, 'user-1', { n }));
    const before = new Inbox();
    const subscription = await t.bus.subscribe({ group, topics: [topic], handler: before.handler });
    await t.bus.publish([e1, e2]);
    await waitFor(() => before.events.length === 2, 'the first two events');
    await subscription.close();

    await t.bus.publish([e3]);
    const after = new Inbox();
    await t.bus.subscribe({ group, topics: [topic], handler: after.handler });

    await waitFor(() => after.events.length >= 1, 'the event published while the group was down');
    expect(after.ids()).toEqual([e3.id]);
    expect(before.ids()).toEqual([e1.id, e2.id]);
  });

  it('starts a new group at the end when fromBeginning is false', async () => {
    const topic = uniqueTopic('latest');
    const old = envelope(topic, 'company-9', { n: 1 });
    const fresh = envelope(topic, 'company-9', { n: 2 });
    await t.bus.publish([old]);

    const inbox = new Inbox();
    await t.bus.subscribe({ group: uniqueGroup('latest'), topics: [topic], fromBeginning: false, handler: inbox.handler });
    await t.bus.publish([fresh]);

    await waitFor(() => inbox.events.length >= 1, 'the event published after subscribing');
    expect(inbox.ids()).toEqual([fresh.id]);
  });

  it('lets an in-flight handler finish on close and commits its event', async () => {
    const topic = uniqueTopic('close');
    const group = uniqueGroup('close');
    const [slow, next] = [1, 2].map((n) => envelope(topic, 'payment-1', { n }));
    let started = false;
    let finished = false;
    const subscription = await t.bus.subscribe({
      group,
      topics: [topic],
      handler: async () => {
        started = true;
        await delay(300);
        finished = true;
      },
    });
    await t.bus.publish([slow]);
    await waitFor(() => started, 'the handler to start');

    await subscription.close();
    expect(finished).toBe(true);

    const inbox = new Inbox();
    await t.bus.subscribe({ group, topics: [topic], handler: inbox.handler });
    await t.bus.publish([next]);
    await waitFor(() => inbox.events.length >= 1, 'the next event');
    expect(inbox.ids()).toEqual([next.id]);
  });
}
