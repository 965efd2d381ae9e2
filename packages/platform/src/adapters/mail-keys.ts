import { createHash } from 'node:crypto';
import type { MailMessage, SentMail } from '../ports/mail.port.js';

/** A message's sender, recipient, subject, parts and reply address, as nodemailer takes them. */
export const mailOptions = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  replyTo: message.replyTo,
});

/** A stable digest of an idempotency key: the same key names the same file, record and Message-ID. */
export function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** The Message-ID a keyed mail always carries, so a relay or mail client drops a resend of it. */
export function keyedMessageId(key: string): string {
  return `<${keyDigest(key)}@limodirectory>`;
}

// Sends of one key in progress in this process: a second send of the key waits for the first one's
// answer instead of racing it past the sent-check.
const inFlight = new Map<string, Promise<SentMail>>();

/** Runs `send` once at a time per `scope` and key; concurrent callers share its answer. */
export function oncePerKey(scope: string, key: string, send: () => Promise<SentMail>): Promise<SentMail> {
  const id = `${scope}\0${key}`;
  const running = inFlight.get(id);
  if (running) return running;
  const started = send().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
}
