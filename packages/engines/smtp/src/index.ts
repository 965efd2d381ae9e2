import type { EngineAdapters } from '@limo/platform';
import { FileMailer } from './file.mailer.js';
import { SmtpMailer } from './smtp.mailer.js';

export * from './file.mailer.js';
export * from './smtp.mailer.js';

/** The mail engines, for a composition root's `EngineAdapters`: the SMTP mailer, and the outbox of `.eml` files. */
export const smtpEngine: Required<Pick<EngineAdapters, 'smtp' | 'files'>> = {
  smtp: (options) => SmtpMailer.create(options),
  files: (options) => FileMailer.create(options),
};
