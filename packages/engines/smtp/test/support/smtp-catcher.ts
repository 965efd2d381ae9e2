import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server took it: the envelope's recipients and the raw DATA. */
interface CaughtMail {
  recipients: string[];
  raw: string;
}

/** Recipients the catcher refuses (550), for a send that fails. */
export const REFUSED_DOMAIN = 'refused.example';

/**
 * An in-process SMTP server on a free port of 127.0.0.1 that keeps every message it is given and
 * refuses recipients at {@link REFUSED_DOMAIN}.
 */
export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SmtpMailer. */
  readonly url: string;
  readonly messages: CaughtMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(
        address.address.endsWith(`@${REFUSED_DOMAIN}`) ? Object.assign(new Error('No such user'), { responseCode: 550 }) : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ recipients: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
