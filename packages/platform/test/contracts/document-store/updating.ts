import { expect, it } from 'vitest';
import { COMPANIES, type DocumentStoreContract } from './context.js';

/** updateOne's operators, the first match only, and upserts. */
export function updating(t: DocumentStoreContract): void {
  const { open, seeded } = t;

  it('updateOne applies $set (also on a dotted path), $unset and $inc and returns the document after', async () => {
    const companies = await seeded();
    const updated = await companies.updateOne(
      { _id: 'c' },
      { $set: { name: 'City Coach', 'address.zip': '73344' }, $unset: { phone: true }, $inc: { fleet: 5, rating: -0.3 } },
    );
    const expected = { ...COMPANIES[2], name: 'City Coach', address: { state: 'TX', zip: '73344' }, fleet: 30 };
    delete expected.phone;
    expect(updated).toEqual({ ...expected, rating: expect.closeTo(4.5, 5) });
    expect(await companies.findOne({ _id: 'c' })).toEqual(updated);
  });

  it('updateOne applies $push and $pull (by value, by $in and by a condition on sub-documents)', async () => {
    const companies = await seeded();
    await companies.updateOne(
      { _id: 'a' },
      {
        $set: {
          items: [
            { sku: 'x', qty: 1 },
            { sku: 'y', qty: 5 },
            { sku: 'z', qty: 9 },
          ],
        },
      },
    );
    expect((await companies.updateOne({ _id: 'a' }, { $push: { tags: 'vip' } }))?.tags).toEqual(['sedan', 'suv', 'vip']);
    expect((await companies.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['x', 'y'] } } }))?.tags).toEqual([
      'sedan',
      'suv',
      'vip',
      'x',
      'y',
    ]);
    expect((await companies.updateOne({ _id: 'a' }, { $pull: { tags: 'suv' } }))?.tags).toEqual(['sedan', 'vip', 'x', 'y']);
    expect((await companies.updateOne({ _id: 'a' }, { $pull: { tags: { $in: ['x', 'y'] } } }))?.tags).toEqual(['sedan', 'vip']);
    expect((await companies.updateOne({ _id: 'a' }, { $pull: { items: { qty: { $gt: 2 } } } }))?.items).toEqual([{ sku: 'x', qty: 1 }]);
  });

  it('updateOne changes only the first match, and returns null (writing nothing) when none matches', async () => {
    const companies = await seeded();
    await companies.updateOne({ city: 'Austin' }, { $set: { note: 'first' } });
    expect(await companies.count({ note: 'first' })).toBe(1);
    expect(await companies.updateOne({ _id: 'missing' }, { $set: { name: 'x' } })).toBeNull();
    expect(await companies.count({})).toBe(4);
  });

  it('upserts from the filter equalities and the update, then updates the same document', async () => {
    const counters = await open<{ _id: string; city?: string; name?: string; hits?: number; score?: number }>('upsert');
    const inserted = await counters.updateOne(
      { _id: 'austin', city: 'Austin', score: { $gt: 3 } },
      { $set: { name: 'Austin page' }, $inc: { hits: 1 } },
      { upsert: true },
    );
    expect(inserted).toEqual({ _id: 'austin', city: 'Austin', name: 'Austin page', hits: 1 });
    const again = await counters.updateOne({ _id: 'austin' }, { $inc: { hits: 1 } }, { upsert: true });
    expect(again).toEqual({ _id: 'austin', city: 'Austin', name: 'Austin page', hits: 2 });
    expect(await counters.count({})).toBe(1);
  });
}
