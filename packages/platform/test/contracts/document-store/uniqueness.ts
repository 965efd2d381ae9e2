import { expect, it } from 'vitest';
import { DuplicateKeyError } from '../../../src/ports/document-store.port.js';
import { COMPANIES, type Company, type DocumentStoreContract } from './context.js';

/** Duplicate `_id`s and unique indexes, on insert and on update. */
export function uniqueness(t: DocumentStoreContract): void {
  const { open } = t;

  it('rejects a duplicate _id with DuplicateKeyError and writes nothing', async () => {
    const companies = await open<Company>('dup_id');
    await companies.insertOne(COMPANIES[0]);
    const error = await companies.insertOne({ ...COMPANIES[1], _id: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ code: 'DUPLICATE_KEY', collection: companies.name });
    expect(await companies.find({})).toEqual([COMPANIES[0]]);
  });

  it('enforces single-field and compound unique indexes on insert and update', async () => {
    const users = await open<{ _id: string; email: string; state: string; slug: string }>('unique', [
      { fields: { email: 1 }, unique: true },
      { fields: { state: 1, slug: 1 }, unique: true },
    ]);
    await users.insertOne({ _id: '1', email: 'a@x.test', state: 'TX', slug: 'ace' });
    await users.insertOne({ _id: '2', email: 'b@x.test', state: 'CA', slug: 'ace' });
    await expect(users.insertOne({ _id: '3', email: 'a@x.test', state: 'NY', slug: 'new' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(users.insertOne({ _id: '4', email: 'c@x.test', state: 'TX', slug: 'ace' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(users.updateOne({ _id: '2' }, { $set: { state: 'TX' } })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await users.count({})).toBe(2);
    expect(await users.findOne({ _id: '2' })).toEqual({ _id: '2', email: 'b@x.test', state: 'CA', slug: 'ace' });
  });
}
