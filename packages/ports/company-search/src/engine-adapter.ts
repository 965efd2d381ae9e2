import type { Logger } from '@limo/platform';
import type { CompanySearchIndex } from './company-search.port.js';

/** Where the Elasticsearch company index is. */
export interface ElasticsearchCompanySearchOptions {
  /** `http://host:9200`. */
  node: string;
  /** Index name (lower case); created with infra/elasticsearch/companies.mapping.json when missing. */
  index: string;
  logger?: Logger;
}

// The engine adapter this port adds to the registry a composition root fills (the platform knows no search index).
declare module '@limo/platform' {
  interface EngineAdapters {
    /** Elasticsearch: the directory's company search index (`@limo/engine-elasticsearch`). */
    elasticsearch?: (options: ElasticsearchCompanySearchOptions) => Promise<CompanySearchIndex>;
  }
}
