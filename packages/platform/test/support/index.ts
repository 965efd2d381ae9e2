export * from './engines.js';
export * from './context.js';
