export * from './analytics-store.port.js';
export * from './engine-adapter.js';
export * from './event-row.js';
export * from './windows.js';
