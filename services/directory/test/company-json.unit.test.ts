import { describe, expect, it } from 'vitest';
import { toPublicCompany } from '../src/domain/company-view.js';
import type { CompanyDoc } from '../src/domain/company.js';
import { CompanyJsonCache, pageJson } from '../src/search/company-json.js';
import { generateCityCompanies, POPULATE_CITIES } from '../src/domain/populate.js';

const docs = generateCityCompanies(POPULATE_CITIES[0], { actor: 'admin', now: new Date('2026-01-01T00:00:00Z') })
  .slice(0, 3)
  .map((d) => ({ ...d, version: 1 }) as CompanyDoc);

describe('CompanyJsonCache and pageJson', () => {
  it('assembles the same page toPublicCompany + distanceMiles would serialise, in hit order', async () => {
    const cache = new CompanyJsonCache();
    const byId = new Map(docs.map((d) => [d._id, d]));
    const ids = [docs[2]._id, docs[0]._id, docs[1]._id];
    const json = await cache.many(ids, async (missing) => missing.map((id) => byId.get(id)!));
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
    await cache.many([docs[0]._id, docs[1]._id], load);
    await cache.many([docs[0]._id, docs[1]._id, docs[2]._id], load);
    cache.forget(docs[0]._id);
    await cache.many([docs[0]._id, docs[1]._id], load);
    expect(reads).toEqual([[docs[0]._id, docs[1]._id], [docs[2]._id], [docs[0]._id]]);
    expect(cache.size).toBe(3);
  });

  it('does not keep what a read started before a change returned (it may be older)', async () => {
    const cache = new CompanyJsonCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = cache.many([docs[0]._id], async () => {
      await gate;
      return [docs[0]];
    });
    cache.forget(docs[0]._id);
    release();
    await pending;
    expect(cache.size).toBe(0);
  });
});
