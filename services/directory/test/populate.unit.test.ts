import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '@limo/platform';
import type { CompanyDoc } from '../src/domain/company.js';
import { populateDirectory } from '../src/use-cases/populate.js';
import type { CompaniesRepository } from '../src/repositories/companies.repository.js';

/** The three calls populate makes, over a Map; `fail` decides whether an insert meets a store failure first. */
function companiesWhere(fail: (n: number) => Error | undefined) {
  const docs = new Map<string, Omit<CompanyDoc, 'version'>>();
  let inserts = 0;
  const repository = {
    find: async () => [],
    count: async () => docs.size,
    insert: async (doc: Omit<CompanyDoc, 'version'>) => {
      const failure = fail(++inserts);
      if (failure) throw failure;
      if (docs.has(doc._id)) throw new DuplicateKeyError('companies', doc._id);
      docs.set(doc._id, doc);
      return { ...doc, version: 1 };
    },
  };
  return { repository: repository as unknown as CompaniesRepository, docs };
}

describe('populate-database', () => {
  it('rides out a store that fails for a moment: every company added, none twice', async () => {
    // Every 150th insert meets MongoDB away for a moment (the next attempt at it succeeds).
    const unreachable = () => Object.assign(new Error('connection 3 to 127.0.0.1:27017 closed'), { name: 'MongoNetworkError' });
    const { repository, docs } = companiesWhere((n) => (n % 150 === 0 ? unreachable() : undefined));
    const indexed: string[] = [];
    const projection = { indexNow: async (ids: string[]) => void indexed.push(...ids) };
    expect(await populateDirectory(repository, projection, 'admin-1')).toEqual({
      companiesAdded: 1900,
      citiesProcessed: 19,
      totalCompanies: 1900,
    });
    expect(docs.size).toBe(1900);
    // Before the answer: every generated company indexed (in bulk), searchable.
    expect(new Set(indexed)).toEqual(new Set(docs.keys()));
  }, 30_000);

  it('still fails on an error that no retry mends', async () => {
    const { repository } = companiesWhere((n) =>
      n === 10 ? new TypeError("Cannot read properties of undefined (reading 'city')") : undefined,
    );
    await expect(populateDirectory(repository, { indexNow: async () => undefined }, 'admin-1')).rejects.toThrow(TypeError);
  });
});
