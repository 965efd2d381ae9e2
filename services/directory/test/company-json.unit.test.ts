import { describe, expect, it } from 'vitest';
import { companyRevision } from '@limo/company-search';
import { toPublicCompany } from '../src/domain/company-view.js';
import type { CompanyDoc } from '../src/domain/company.js';
import { CompanyJsonCache, pageJson } from '../src/search/company-json.js';
import { generateCityCompanies, POPULATE_CITIES } from '../src/domain/populate.js';

const docs = generateCityCompanies(POPULATE_CITIES[0], { actor: 'admin', now: new Date('2026-01-01T00:00:00Z') })
  .slice(0, 3)
  .map((d) => ({ ...d, version: 1 }));

const hits = (...companies: CompanyDoc[]) => companies.map((c) => ({ id: c._id }));
const revised = (c: CompanyDoc) => ({ id: c._id, revision: companyRevision(c.version, c.updatedAt) });

describe('CompanyJsonCache and pageJson', () => {
  it('assembles the same page toPublicCompany + distanceMiles would serialise, in hit order', async () => {
    const cache = new CompanyJsonCache();
    const byId = new Map(docs.map((d) => [d._id, d]));
    const ids = [docs[2]._id, docs[0]._id, docs[1]._id];
    const json = await cache.many(
      ids.map((id) => ({ id })),
      async (missing) => missing.map((id) => byId.get(id)!),
    );
    const distances = new Map<string, number | undefined>([
      [docs[2]._id, 1.26],
      [docs[0]._id, undefined],
      [docs[1]._id, 12],
    ]);
    const expected = ids.map((id) => {
      const miles = distances.get(id);
      return { ...toPublicCompany(byId.get(id)!), ...(miles !== undefined && { distanceMiles: Math.round(miles * 10) / 10 }) };
    });
    expect(JSON.parse(pageJson(ids, json, distances))).toEqual(expected);
    expect(pageJson([], json, distances)).toBe('[]');
  });

  it('reads the store only for companies it does not keep, and again after forget', async () => {
    const cache = new CompanyJsonCache();
    const reads: string[][] = [];
    const load = async (ids: string[]) => {
      reads.push(ids);
      return docs.filter((d) => ids.includes(d._id));
    };
    await cache.many(hits(docs[0], docs[1]), load);
    await cache.many(hits(docs[0], docs[1], docs[2]), load);
    cache.forget(docs[0]._id);
    await cache.many(hits(docs[0], docs[1]), load);
    expect(reads).toEqual([[docs[0]._id, docs[1]._id], [docs[2]._id], [docs[0]._id]]);
    expect(cache.size).toBe(3);
  });

  it('does not keep what a read started before a change returned (it may be older)', async () => {
    const cache = new CompanyJsonCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = cache.many(hits(docs[0]), async () => {
      await gate;
      return [docs[0]];
    });
    cache.forget(docs[0]._id);
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('beside a shared index, reuses a company only for a hit at the revision it kept, and reads it again otherwise', async () => {
    const cache = new CompanyJsonCache({ revisions: true });
    let stored = docs[0];
    const reads: string[][] = [];
    const load = async (ids: string[]) => {
      reads.push(ids);
      return [stored];
    };
    // Kept at the store's revision, used for hits at that revision.
    await cache.many([revised(stored)], load);
    const same = await cache.many([revised(stored)], load);
    expect(reads).toHaveLength(1);
    expect(JSON.parse(same.get(stored._id)!)).toEqual(toPublicCompany(stored));

    // Another instance wrote the company and indexed it: the hit's revision moves, the store is read.
    const renamed = { ...stored, name: 'Renamed Limo', version: stored.version + 1, updatedAt: '2026-02-01T00:00:00.000Z' };
    stored = renamed;
    const after = await cache.many([revised(renamed)], load);
    expect(reads).toHaveLength(2);
    expect(JSON.parse(after.get(renamed._id)!).name).toBe('Renamed Limo');

    // A hit without a revision (indexed before versions were kept) is always read from the store.
    await cache.many([{ id: renamed._id }], load);
    expect(reads).toHaveLength(3);
  });

  it('beside a shared index, serves the store copy when the index still holds an older one', async () => {
    const cache = new CompanyJsonCache({ revisions: true });
    const newer = { ...docs[1], name: 'Newer Name', version: docs[1].version + 1, updatedAt: '2026-03-01T00:00:00.000Z' };
    const json = await cache.many([revised(docs[1])], async () => [newer]);
    expect(JSON.parse(json.get(newer._id)!).name).toBe('Newer Name');
  });
});
