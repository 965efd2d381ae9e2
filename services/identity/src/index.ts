export { createIdentityService } from './app.js';
