// Schemas of the directory service's API, one file per route family (services/directory/src/routes/).
export { IMAGE_PATH_PREFIX, isImageUrl } from './fields.js';
export * from './companies.js';
export * from './reviews.js';
export * from './change-requests.js';
export * from './search.js';
export * from './geo.js';
export * from './admin.js';
export * from './trust.js';
export * from './credentials.js';
export * from './places.js';
export * from './profile.js';
