import type { CompanySearchFixture } from '@limo/company-search/testing';
import { EmbeddedCompanySearch } from '../../src/search/embedded.company-search.js';

/** A fresh in-process index; `close` closes it. */
export async function embeddedIndex(): Promise<CompanySearchFixture> {
  const index = EmbeddedCompanySearch.create();
  return { index, close: () => index.close() };
}
