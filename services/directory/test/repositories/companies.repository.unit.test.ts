import { describe, expect, it } from 'vitest';
import type { Collection } from '@limo/platform';
import type { CompanyDoc } from '../../src/domain/company.js';
import { directoryWorld } from '../use-cases/support.js';

describe('deleting a company', () => {
  // Read-models keep a company at the newest version they saw: a deletion whose event were no newer
  // than an update that got in between would leave the company listed in billing, analytics and quotes.
  it('owes an event newer than an update that got in between, and deletes the company', async () => {
    const w = await directoryWorld();
    const company = await w.company();
    const collection: Collection<CompanyDoc> = w.companies.companies;
    const deleteOne = collection.deleteOne.bind(collection);
    let raced = false;
    collection.deleteOne = async (filter, options) => {
      if (!raced) {
        raced = true;
        await w.companies.update(company._id, () => ({ name: 'Renamed Limousines' }));
      }
      return deleteOne(filter, options);
    };
    expect(await w.companies.delete(company._id)).toMatchObject({ _id: company._id, name: 'Renamed Limousines' });
    expect(await w.companies.findById(company._id)).toBeNull();
    const updated = await w.events('company.updated.v1');
    const [deleted] = await w.events('company.deleted.v1');
    expect(updated.map((e) => (e.data as { version: number }).version)).toEqual([company.version + 1]);
    expect(deleted.data).toEqual({ id: company._id, version: company.version + 2 });
    expect(await w.companies.delete(company._id)).toBeNull();
  });
});
