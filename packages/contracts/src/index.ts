export * from './api/index.js';
export * from './events/index.js';
export * from './vocabulary.js';
export * from './seo.js';
export * from './routes.js';
export * from './places.js';
export * from './landing-seo.js';
export * from './business-hours.js';
