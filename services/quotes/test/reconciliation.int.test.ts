import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, reconciliationRepaired } from '@limo/platform';
import { createTestContext, type TestContext } from '@limo/platform/testing';
import { CompanyReconciliation, type SnapshotPage } from '../src/reconciliation/company-reconciliation.js';
import { CompaniesRepository } from '../src/repositories/companies.repository.js';
import { companySnapshot } from './fixtures.js';

let ctx: TestContext;
let companies: CompaniesRepository;

beforeAll(async () => {
  ctx = await createTestContext();
  companies = await CompaniesRepository.create(ctx.store);
});
afterAll(async () => {
  await ctx.close();
});

describe('start-up reconciliation of the companies read-model', () => {
  it('adds the missing, updates the stale, marks the vanished deleted, and counts each', async () => {
    const long = new Date(Date.now() - 60_000).toISOString();
    const upToDate = companySnapshot({ version: 3, createdAt: long });
    const stale = companySnapshot({ version: 2, createdAt: long });
    const missing = companySnapshot({ version: 1, createdAt: long });
    const vanished = companySnapshot({ version: 1, createdAt: long });
    await companies.applySnapshot(upToDate, long);
    await companies.applySnapshot({ ...stale, version: 1, name: 'Old name' }, long);
    await companies.applySnapshot(vanished, long);
    const directory = [upToDate, { ...stale, name: 'New name' }, missing].sort((a, b) => a.id.localeCompare(b.id));
    // Two pages, as the directory's keyset route gives them.
    const pages: SnapshotPage[] = [
      { items: directory.slice(0, 2), next: directory[1].id },
      { items: directory.slice(2), next: null },
    ];
    const before = await metricValue(reconciliationRepaired, { read_model: 'quotes.companies', kind: 'missing' });

    const report = await new CompanyReconciliation(companies, async (after) => pages[after ? 1 : 0], ctx.logger).run();

    expect(report).toMatchObject({ missing: 1, stale: 1, extra: 1, checked: 3 });
    expect(await companies.findActive(missing.id)).toMatchObject({ name: missing.name, version: 1 });
    expect(await companies.findActive(stale.id)).toMatchObject({ name: 'New name', version: 2 });
    expect(await companies.findActive(vanished.id)).toBeNull();
    expect(await metricValue(reconciliationRepaired, { read_model: 'quotes.companies', kind: 'missing' })).toBe(before + 1);

    // A second run finds nothing left to repair.
    const again = await new CompanyReconciliation(companies, async (after) => pages[after ? 1 : 0], ctx.logger).run();
    expect(again).toMatchObject({ missing: 0, stale: 0, extra: 0, checked: 3 });
  });

  it('keeps a company whose event arrived during the run, however long ago it was listed', async () => {
    // Listed 900 days ago (as imports and demo data are), its event applied while the run read the
    // pages, its id before the page it would have been on: absent from every page read.
    const longAgo = new Date(Date.now() - 900 * 86_400_000).toISOString();
    const arriving = { ...companySnapshot({ version: 1, createdAt: longAgo }), id: '00000000-0000-4000-8000-000000000000' };
    const other = companySnapshot({ version: 1, createdAt: longAgo });
    const source = async (after: string | null): Promise<SnapshotPage> => {
      if (after) return { items: [], next: null };
      await companies.applySnapshot(arriving, longAgo);
      return { items: [other], next: other.id };
    };

    await new CompanyReconciliation(companies, source, ctx.logger).run();

    expect(await companies.findActive(arriving.id)).toMatchObject({ name: arriving.name, version: 1 });
  });
});
