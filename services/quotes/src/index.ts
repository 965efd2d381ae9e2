export { createQuotesService } from './app.js';
