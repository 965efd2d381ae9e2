import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLED_EVENTS_INDEXES, idempotent, pruneHandledEvents, type HandledEvent } from '../../src/events/idempotent.js';
import type { Collection, DocumentStore } from '../../src/ports/document-store.port.js';

const DAY = 24 * 60 * 60 * 1000;

/** The retention of `handled_events`, the same on every store (a delete by `handledAt`). */
export function describeHandledEventsRetention(name: string, open: () => Promise<DocumentStore>): void {
  describe(name, () => {
    let store: DocumentStore;
    let handled: Collection<HandledEvent>;
    beforeAll(async () => {
      store = await open();
      // A collection of its own per run: MongoDB's database is shared by the runs of the suite.
      handled = await store.collection<HandledEvent>(`handled_events_${randomUUID().slice(0, 8)}`, HANDLED_EVENTS_INDEXES);
    });
    afterAll(async () => {
      await handled.deleteMany({});
      await store.close();
    });

    it('forgets what was handled before the retention, keeps the rest, and a forgotten event runs again', async () => {
      const now = new Date('2026-06-15T12:00:00Z');
      await handled.insertOne({ _id: 'g:old', handledAt: new Date(now.getTime() - 15 * DAY) });
      await handled.insertOne({ _id: 'g:edge', handledAt: new Date(now.getTime() - 14 * DAY + 1000) });
      await handled.insertOne({ _id: 'g:new', handledAt: new Date(now.getTime() - DAY) });

      expect(await pruneHandledEvents(handled, 14 * DAY, now)).toBe(1);
      expect((await handled.find({})).map((d) => d._id).sort()).toEqual(['g:edge', 'g:new']);

      const ran: string[] = [];
      const handle = idempotent(handled, 'g', async (e) => void ran.push(e.id));
      const event = (id: string) => ({ id, type: 't.v1', occurredAt: now.toISOString(), key: 'k', data: {} });
      await handle(event('new'));
      await handle(event('old'));
      expect(ran).toEqual(['old']);
    });
  });
}
