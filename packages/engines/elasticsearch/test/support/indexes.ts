// `@limo/engine-elasticsearch/testing`: an Elasticsearch index of a test's own.
import { randomUUID } from 'node:crypto';
import type { CompanySearchFixture } from '@limo/company-search/testing';
import { ElasticsearchCompanySearch } from '../../src/elasticsearch.company-search.js';

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
