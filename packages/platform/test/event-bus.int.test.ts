import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../src/adapters/inprocess.event-bus.js';
import type { EventEnvelope } from '../src/ports/event-bus.port.js';
import { describeEventBusContract } from './contracts/event-bus.contract.js';

describeEventBusContract('EventBus contract: in-process', async () => InProcessEventBus.create());

// Retention is where the embedded bus differs from Kafka (no time-based retention): bounded memory.
describe('InProcessEventBus retention', () => {
  const events = (n: number): EventEnvelope[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `e${i}`,
      type: 'retention.v1',
      occurredAt: new Date().toISOString(),
      key: 'k',
      data: { i },
    }));

  async function received(bus: InProcessEventBus, last: string): Promise<string[]> {
    const ids: string[] = [];
    await bus.subscribe({ group: randomUUID(), topics: ['retention.v1'], handler: async (e) => void ids.push(e.id) });
    for (const deadline = Date.now() + 5_000; !ids.includes(last); await delay(10)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${last}`);
    }
    return ids;
  }

  it('keeps at most maxRetainedPerTopic events of a topic nobody consumes', async () => {
    const bus = InProcessEventBus.create({ partitions: 1, maxRetainedPerTopic: 5 });
    await bus.publish(events(20));
    expect(await received(bus, 'e19')).toEqual(['e15', 'e16', 'e17', 'e18', 'e19']);
    await bus.close();
  });

  it('keeps the events every known group has consumed for the groups that come later', async () => {
    const bus = InProcessEventBus.create({ partitions: 1 });
    const [first, second] = [events(3), events(4).slice(3)];
    await bus.publish(first);
    await received(bus, 'e2');
    await bus.publish(second);
    // A group created now starts at the oldest retained event, consumed by others or not.
    expect(await received(bus, 'e3')).toEqual(['e0', 'e1', 'e2', 'e3']);
    await bus.close();
  });
});
