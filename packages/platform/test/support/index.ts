export * from './engines.js';
export * from './context.js';
export * from './http.js';
