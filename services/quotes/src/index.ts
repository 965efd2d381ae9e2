export { createQuotesService, quotesService, type QuotesServiceOptions } from './app.js';
export { intakeHeld, intakeHeldSeconds, intakeHoldExpired } from './delivery/mail-backlog.js';
