export { createQuotesService, quotesService, type QuotesServiceOptions } from './app.js';
export { INTAKE_HELD_METRIC, INTAKE_HELD_MS_METRIC, INTAKE_HOLD_EXPIRED_METRIC } from './delivery/mail-backlog.js';
