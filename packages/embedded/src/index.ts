export { startEmbedded, type EmbeddedSystem } from './system.js';
export { serviceDefinitions, serviceEntries } from './services.js';
export { startThrowaway, type ThrowawaySystem } from './throwaway.js';
