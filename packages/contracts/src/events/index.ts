export * from './envelope.js';
export * from './identity.events.js';
export * from './directory.events.js';
export * from './quotes.events.js';
export * from './billing.events.js';
export * from './audit.events.js';
