import { expect, it } from 'vitest';
import { Inbox, uniqueTopic, uniqueGroup, envelope, waitFor, type EventBusContract } from './context.js';

/** A failing handler retried with a doubling backoff. */
export function retries(t: EventBusContract): void {
  it('retries a failing handler with a doubling backoff until it succeeds', async () => {
    const topic = uniqueTopic('retry');
    const attempts: number[] = [];
    const handled = new Inbox();
    await t.bus.subscribe({
      group: uniqueGroup('retry'),
      topics: [topic],
      retryDelayMs: 60,
      maxAttempts: 5,
      handler: async (event) => {
        attempts.push(performance.now());
        if (attempts.length < 3) throw new Error(`transient failure ${attempts.length}`);
        await handled.handler(event);
      },
    });

    const event = envelope(topic, 'quote-1');
    await t.bus.publish([event]);

    await waitFor(() => handled.events.length === 1, 'the third attempt');
    expect(handled.events[0]).toEqual(event);
    expect(attempts).toHaveLength(3);
    // Timers may fire a millisecond early; the second wait must be about twice the first.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(55);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(115);
  });
}
