export * from './common.js';
export * from './identity.js';
export * from './directory/index.js';
export * from './quotes.js';
export * from './billing.js';
export * from './analytics.js';
export * from './well-formed.js';
