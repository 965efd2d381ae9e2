import type { Filter, Update } from '@limo/platform';

/**
 * The lease every owed mail goes through: `pending` with a free lease → one worker takes the lease
 * (until now + the lease time, one more attempt) → it records the mail as done, or gives the lease back
 * after a failed send so the next retry may take it at once; a crashed sender's lease simply runs out.
 */

/**
 * How long one worker may hold a mail before another may try it (a crashed sender's lease runs out),
 * unless MAIL_LEASE_SECONDS says otherwise. It must outlast the slowest send (SMTP timeouts).
 */
export const MAIL_LEASE_MS = 60_000;

/** The fields of one owed mail in its document: its state, the epoch ms its lease runs until, its attempts. */
export interface MailLeaseFields {
  state: string;
  lease: string;
  attempts: string;
}

/** The two mails a quote may owe, each with its state, attempts and lease fields. */
export type QuoteMail = 'delivery' | 'confirmation';

/** The lease fields of each mail a quote may owe. */
export const QUOTE_MAIL_FIELDS = {
  delivery: { state: 'delivery', lease: 'deliveryLeaseUntil', attempts: 'deliveryAttempts' },
  confirmation: { state: 'confirmation', lease: 'confirmationLeaseUntil', attempts: 'confirmationAttempts' },
} as const satisfies Record<QuoteMail, MailLeaseFields>;

/** The customer's confirmation of a city-wide request (sent once for the whole request). */
export const CITY_CONFIRMATION_FIELDS = {
  state: 'confirmation',
  lease: 'confirmationLeaseUntil',
  attempts: 'confirmationAttempts',
} as const satisfies MailLeaseFields;

/** Matches a document whose mail is still owed and whose lease nobody holds at `now`. */
export function leaseFree(fields: MailLeaseFields, now: number): Filter {
  return { [fields.state]: 'pending', [fields.lease]: { $lt: now } };
}

/** Takes the lease until `now + leaseMs`, counting one more attempt. */
export function takeLease(fields: MailLeaseFields, now: number, leaseMs: number): Update {
  return { $set: { [fields.lease]: now + leaseMs }, $inc: { [fields.attempts]: 1 } };
}
