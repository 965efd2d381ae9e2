import type { Filter, Update } from '@limo/platform';

/**
 * The lease every owed mail goes through: owed with a free lease → one worker takes the lease (until
 * now + the lease time, one more attempt) → it records what it sent and gives the lease back, in one
 * write; a crashed sender's lease simply runs out.
 */

/**
 * How long one worker may hold a mail before another may try it (a crashed sender's lease runs out),
 * unless MAIL_LEASE_SECONDS says otherwise. It must outlast the slowest send (SMTP timeouts).
 */
export const MAIL_LEASE_MS = 60_000;

/** The fields of a lease in its document: the epoch ms it runs until, and the attempts made under it. */
export interface MailLeaseFields {
  lease: string;
  attempts: string;
}

/**
 * A quote's mails (the company's, and for a per-company request the customer's confirmation) share
 * one lease: one write takes it for both, one write records both.
 */
export const QUOTE_MAIL_LEASE = { lease: 'mailLeaseUntil', attempts: 'mailAttempts' } as const satisfies MailLeaseFields;

/** A quote that still owes a mail. */
export const OWES_QUOTE_MAIL: Filter = { $or: [{ delivery: 'pending' }, { confirmation: 'pending' }] };

/** The customer's confirmation of a city-wide request (sent once for the whole request). */
export const CITY_CONFIRMATION_LEASE = {
  lease: 'confirmationLeaseUntil',
  attempts: 'confirmationAttempts',
} as const satisfies MailLeaseFields;

/**
 * Matches a document whose lease nobody holds at `now`. A document without the field is free too:
 * quotes stored before both mails shared one lease (their old per-mail lease fields are left alone).
 */
export function leaseFree(fields: MailLeaseFields, now: number): Filter {
  return { $or: [{ [fields.lease]: { $lt: now } }, { [fields.lease]: { $exists: false } }] };
}

/** Takes the lease until `now + leaseMs`, counting one more attempt. */
export function takeLease(fields: MailLeaseFields, now: number, leaseMs: number): Update {
  return { $set: { [fields.lease]: now + leaseMs }, $inc: { [fields.attempts]: 1 } };
}
