import { describe } from 'vitest';
import { filters } from './company-search/filters.js';
import { paging } from './company-search/paging.js';
import { radius } from './company-search/radius.js';
import { serviceArea } from './company-search/service-area.js';
import { sort } from './company-search/sort.js';
import { state } from './company-search/state.js';
import { text } from './company-search/text.js';
import { writes } from './company-search/writes.js';
import { useCompanySearch, type CompanySearchFixture } from './company-search/context.js';

export type { CompanySearchFixture } from './company-search/context.js';

/** The contract's features, one file each under company-search/ (as Emmett composes its suites). */
const companySearchContract = { radius, state, filters, text, sort, paging, serviceArea, writes };

/**
 * The behaviour every CompanySearchIndex adapter must have, on fixed fixtures (company-search.fixtures.ts):
 * the same ids in the same order for the same query, with exact totals. Read-only tests share one
 * load of the fixtures; write tests reload them before each.
 */
export function describeCompanySearchContract(name: string, factory: () => Promise<CompanySearchFixture>): void {
  describe(name, () => {
    const t = useCompanySearch(factory);
    companySearchContract.radius(t);
    companySearchContract.state(t);
    companySearchContract.filters(t);
    companySearchContract.text(t);
    companySearchContract.sort(t);
    companySearchContract.paging(t);
    companySearchContract.serviceArea(t);
    companySearchContract.writes(t);
  });
}
