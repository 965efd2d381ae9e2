export { createDirectoryService, directoryService, searchIndexNeed, SEARCH_INDEX_NAME, type DirectoryOptions } from './app.js';
export type { CompanySearchIndex, SearchDocument, SearchQuery, SearchResult } from '@limo/company-search';
export { EmbeddedCompanySearch } from './search/embedded.company-search.js';
export { toSearchDocument } from './search/search-document.js';
export { toSearchQuery } from './search/search-query.js';
export { newCompanyDoc, type CompanyDoc } from './domain/company.js';
