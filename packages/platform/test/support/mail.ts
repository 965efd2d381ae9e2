import type { Mailer, MailMessage } from '../../src/ports/mail.port.js';

/** A mailer that keeps what it was handed, in order, in `mails` (every send accepted). */
export function recordingMailer(): Mailer & { mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return {
    mails,
    send: async (message) => {
      mails.push(message);
      return { messageId: `mail-${mails.length}` };
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}
