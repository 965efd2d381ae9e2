import { expect, it } from 'vitest';
import { COMPANIES, type Company, type DocumentStoreContract } from './context.js';

/** Ping, insert and read back, the collections a store lists. */
export function storing(t: DocumentStoreContract): void {
  const { open } = t;

  it('answers ping', async () => {
    await expect(t.store.ping()).resolves.toBeUndefined();
  });

  it('inserts a document and finds it by _id, with nested fields, arrays and dates intact', async () => {
    const companies = await open<Company>('insert');
    expect(await companies.insertOne(COMPANIES[0])).toEqual(COMPANIES[0]);
    const found = await companies.findOne({ _id: 'a' });
    expect(found).toEqual(COMPANIES[0]);
    expect(found?.since).toBeInstanceOf(Date);
    expect(await companies.findOne({ _id: 'missing' })).toBeNull();
  });

  it('lists the collections it created', async () => {
    const first = await open('listed');
    const second = await open('listed');
    expect(t.store.collections().map((c) => c.name)).toEqual(expect.arrayContaining([first.name, second.name]));
  });
}
