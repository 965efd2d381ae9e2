import { describe, expect, it } from 'vitest';
import { idempotent, type HandledEvent } from '../src/events/idempotent.js';
import { DuplicateKeyError, type Collection, type Filter } from '../src/ports/document-store.port.js';
import type { EventEnvelope } from '../src/ports/event-bus.port.js';

/** The two calls `idempotent` makes, over a Map; every other member is unused here. */
class FakeHandled implements Collection<HandledEvent> {
  readonly name = 'handled_events';
  readonly docs = new Map<string, HandledEvent>();
  insertError?: Error;

  async insertOne(doc: HandledEvent): Promise<HandledEvent> {
    if (this.insertError) throw this.insertError;
    if (this.docs.has(doc._id)) throw new DuplicateKeyError(this.name, doc._id);
    this.docs.set(doc._id, doc);
    return doc;
  }
  async findOne(filter: Filter): Promise<HandledEvent | null> {
    return this.docs.get(filter._id as string) ?? null;
  }
  find = unused;
  count = unused;
  updateOne = unused;
  updateMany = unused;
  deleteOne = unused;
  deleteMany = unused;
}

function unused(): never {
  throw new Error('not used by idempotent()');
}

const event = (id: string): EventEnvelope => ({
  id,
  type: 'user.registered.v1',
  occurredAt: new Date().toISOString(),
  key: 'user-1',
  data: { email: 'a@example.com' },
});

describe('idempotent()', () => {
  it('runs the handler once per event id and records it for the group', async () => {
    const handled = new FakeHandled();
    const seen: string[] = [];
    const handler = idempotent(handled, 'mailer', async (e) => void seen.push(e.id));

    await handler(event('e1'));
    await handler(event('e1'));
    await handler(event('e2'));

    expect(seen).toEqual(['e1', 'e2']);
    expect([...handled.docs.keys()]).toEqual(['mailer:e1', 'mailer:e2']);
    expect(handled.docs.get('mailer:e1')?.handledAt).toBeInstanceOf(Date);
  });

  it('keeps groups apart: another group still handles the same event', async () => {
    const handled = new FakeHandled();
    const seen: string[] = [];
    await idempotent(handled, 'a', async (e) => void seen.push(`a:${e.id}`))(event('e1'));
    await idempotent(handled, 'b', async (e) => void seen.push(`b:${e.id}`))(event('e1'));
    expect(seen).toEqual(['a:e1', 'b:e1']);
  });

  it('records nothing when the handler throws, so the redelivery runs it again', async () => {
    const handled = new FakeHandled();
    let calls = 0;
    const handler = idempotent(handled, 'g', async () => {
      calls += 1;
      if (calls === 1) throw new Error('transient');
    });

    await expect(handler(event('e1'))).rejects.toThrow('transient');
    expect(handled.docs.size).toBe(0);
    await handler(event('e1'));
    await handler(event('e1'));
    expect(calls).toBe(2);
  });

  it('accepts a duplicate key on the record (a concurrent delivery recorded it first)', async () => {
    const handled = new FakeHandled();
    handled.insertError = new DuplicateKeyError('handled_events', 'g:e1');
    await expect(idempotent(handled, 'g', async () => {})(event('e1'))).resolves.toBeUndefined();
  });

  it('fails on any other error writing the record, so the bus retries', async () => {
    const handled = new FakeHandled();
    handled.insertError = new Error('store down');
    await expect(idempotent(handled, 'g', async () => {})(event('e1'))).rejects.toThrow('store down');
  });
});
