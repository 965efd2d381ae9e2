export { createQuotesService, quotesService, type QuotesServiceOptions } from './app.js';
