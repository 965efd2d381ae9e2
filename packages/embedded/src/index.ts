export { startEmbedded, type EmbeddedSystem } from './system.js';
export { serviceDefinitions, serviceEntries } from './services.js';
export { EVERY_PORT_FREE, startThrowaway, type ThrowawaySystem } from './throwaway.js';
