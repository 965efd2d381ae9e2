// `@limo/company-search/testing`: the contract every CompanySearchIndex adapter runs, and its fixtures.
export * from './company-search.contract.js';
export * from './company-search.fixtures.js';
