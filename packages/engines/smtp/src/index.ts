import type { EngineAdapters } from '@limo/platform';
import { SmtpMailer } from './smtp.mailer.js';

export * from './smtp.mailer.js';

/** The SMTP engine, for a composition root's `EngineAdapters`: the mailer. */
export const smtpEngine: Required<Pick<EngineAdapters, 'smtp'>> = {
  smtp: (options) => SmtpMailer.create(options),
};
