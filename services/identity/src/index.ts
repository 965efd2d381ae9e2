export { createIdentityService, identityService } from './app.js';
