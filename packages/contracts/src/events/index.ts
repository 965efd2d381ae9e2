export * from './envelope.js';
export * from './identity.events.js';
