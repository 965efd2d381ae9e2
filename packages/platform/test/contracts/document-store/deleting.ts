import { expect, it } from 'vitest';
import { COMPANIES, ids, type DocumentStoreContract } from './context.js';

/** updateMany's and deleteMany's counts, deleteOne's answer. */
export function deleting(t: DocumentStoreContract): void {
  const { seeded } = t;

  it('updateMany returns how many matched, deleteMany how many it removed', async () => {
    const companies = await seeded();
    expect(await companies.updateMany({ city: 'Austin' }, { $set: { verified: false }, $inc: { fleet: 1 } })).toBe(2);
    expect(ids(await companies.find({ verified: false }, { sort: { _id: 1 } }))).toEqual(['a', 'b', 'c', 'd']);
    expect((await companies.findOne({ _id: 'c' }))?.fleet).toBe(26);
    expect(await companies.updateMany({ city: 'Nowhere' }, { $set: { verified: true } })).toBe(0);
    expect(await companies.deleteMany({ rating: { $lt: 4 } })).toBe(2);
    expect(await companies.deleteMany({ rating: { $lt: 4 } })).toBe(0);
    expect(ids(await companies.find({}, { sort: { _id: 1 } }))).toEqual(['a', 'c']);
  });

  it('deleteOne removes the first match and returns it, or null', async () => {
    const companies = await seeded();
    expect(await companies.deleteOne({ _id: 'b' })).toEqual(COMPANIES[1]);
    expect(await companies.findOne({ _id: 'b' })).toBeNull();
    expect(await companies.deleteOne({ _id: 'b' })).toBeNull();
    expect(await companies.count({})).toBe(3);
    // Without events the document is gone at once: its unique key is free again.
    await expect(companies.insertOne(COMPANIES[1])).resolves.toEqual(COMPANIES[1]);
  });
}
