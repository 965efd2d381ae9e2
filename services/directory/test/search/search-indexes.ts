import { randomUUID } from 'node:crypto';
import { ElasticsearchCompanySearch } from '../../src/search/elasticsearch.company-search.js';
import { EmbeddedCompanySearch } from '../../src/search/embedded.company-search.js';
import type { CompanySearchFixture } from './company-search/context.js';

/** A fresh in-process index; `close` closes it. */
export async function embeddedIndex(): Promise<CompanySearchFixture> {
  const index = EmbeddedCompanySearch.create();
  return { index, close: () => index.close() };
}

/** An index of its own (`<name>-<uuid>`) on the Elasticsearch at `url`; `close` drops it. */
export async function elasticsearchIndex(url: string, name: string): Promise<CompanySearchFixture & { index: ElasticsearchCompanySearch }> {
  const index = await ElasticsearchCompanySearch.create({ node: url, index: `${name}-${randomUUID()}` });
  return {
    index,
    close: async () => {
      await index.drop();
      await index.close();
    },
  };
}
