export * from './company-search.port.js';
export * from './engine-adapter.js';
export * from './search-rules.js';
