export { createBillingService } from './app.js';
