import type { EngineAdapters } from '@limo/platform';
import { ElasticsearchCompanySearch } from './elasticsearch.company-search.js';

export * from './elasticsearch.company-search.js';

/** The Elasticsearch engine, for a composition root's `EngineAdapters`: the directory's company search index. */
export const elasticsearchEngine: Required<Pick<EngineAdapters, 'elasticsearch'>> = {
  elasticsearch: (options) => ElasticsearchCompanySearch.create(options),
};
