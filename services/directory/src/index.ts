export { createDirectoryService, createBlobStore, createSearchIndex, SEARCH_INDEX_NAME, type DirectoryOptions } from './app.js';
export type { CompanySearchIndex, SearchDocument, SearchQuery, SearchResult } from './search/company-search.port.js';
