export * from './engines.js';
export * from './context.js';
export * from './slow-client.js';
export * from './service-harness.js';
export * from './http.js';
export * from './events.js';
export * from './config-error.js';
