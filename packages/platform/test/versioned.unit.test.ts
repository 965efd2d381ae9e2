import { describe, expect, it } from 'vitest';
import { NedbDocumentStore } from '@limo/engine-nedb';
import { applyVersioned, type VersionedDocument } from '../src/events/versioned.js';

interface Ref extends VersionedDocument {
  name: string;
  seen: number;
}

const refs = async () => (await NedbDocumentStore.create()).collection<Ref>('refs');
const ref = (version: number, name: string): Ref => ({ _id: 'c1', version, name, seen: 0 });

describe('applyVersioned', () => {
  it('stores the first event, then only a newer version', async () => {
    const c = await refs();
    const apply = (version: number, name: string) =>
      applyVersioned(c, { version, whenNew: ref(version, name), fields: () => ({ version, name }) });
    await apply(2, 'Second');
    expect(await c.findOne({ _id: 'c1' })).toMatchObject({ version: 2, name: 'Second' });
    await apply(1, 'Late first');
    await apply(2, 'Replayed second');
    expect(await c.findOne({ _id: 'c1' })).toMatchObject({ version: 2, name: 'Second' });
    await apply(3, 'Third');
    expect(await c.findOne({ _id: 'c1' })).toMatchObject({ version: 3, name: 'Third' });
  });

  it('sets what the stored document decides, and lets an event as old still write', async () => {
    const c = await refs();
    await c.insertOne(ref(2, 'Stored'));
    const seenAgain = (version: number) =>
      applyVersioned(c, {
        version,
        whenNew: ref(version, 'unused'),
        fields: (current) => ({ version, seen: current.seen + 1 }),
        whenCurrent: async (current) => {
          await c.updateOne({ _id: current._id }, { $set: { seen: current.seen + 10 } });
        },
      });
    await seenAgain(1);
    expect(await c.findOne({ _id: 'c1' })).toMatchObject({ version: 2, seen: 10 });
    await seenAgain(3);
    expect(await c.findOne({ _id: 'c1' })).toMatchObject({ version: 3, seen: 11 });
  });

  it('throws after losing every race, so the event is delivered again', async () => {
    const c = await refs();
    await c.insertOne(ref(1, 'Stored'));
    // Every conditional update finds the version changed meanwhile.
    const losing = Object.assign(Object.create(c) as typeof c, { updateOne: async () => null });
    await expect(
      applyVersioned(losing, { version: 2, whenNew: ref(2, 'New'), fields: () => ({ version: 2 }), attempts: 2 }),
    ).rejects.toThrow('refs c1: version 2 kept losing races, will be retried');
  });
});
