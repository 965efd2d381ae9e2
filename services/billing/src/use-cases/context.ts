import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden, HttpError, readSoon, type Cache, type Logger, type SessionUser } from '@limo/platform';
import { LifecycleConflict } from '../domain/lifecycle.js';
import type { PaymentsRegistry } from '../payments/payments.registry.js';
import type { ClaimsRepository } from '../repositories/claims.repository.js';
import type { ListingsRepository } from '../repositories/listings.repository.js';
import type { PaymentDoc, PaymentsRepository } from '../repositories/payments.repository.js';
import type { ReadModels } from '../repositories/read-models.repository.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.repository.js';
import type { WebhookEventsRepository } from '../repositories/webhook-events.repository.js';

/** What billing's use cases are built from (no Fastify: routes and consumers call them). */
export interface UseCaseDeps {
  registry: PaymentsRegistry;
  payments: PaymentsRepository;
  claims: ClaimsRepository;
  subscriptions: SubscriptionsRepository;
  webhookEvents: WebhookEventsRepository;
  readModels: ReadModels;
  listings: ListingsRepository;
  logger: Logger;
  /** The shared cache (every replica's): a payer's checkouts of one company run one at a time. */
  cache: Cache;
  publicUrl: string;
  /** How long a checkout waits for a company just listed to reach billing's read-model. */
  companyWaitMs?: number;
  /** Asks the directory for a company the read-model does not hold (listed before billing subscribed). */
  lookupCompany?: (id: string) => Promise<CompanyFacts | null>;
}

/** What billing needs to know of a company: its name and whether (and by whom, when known) it is owned. */
export interface CompanyFacts {
  name: string;
  owned: boolean;
  /** The owner, when billing's read-model knows it. */
  userId: string | null;
}

/** Who registers a paid listing: the account it is for (null before it exists) and its e-mail. */
export interface ListingCaller {
  userId: string | null;
  email: string | null;
}

/** Messages the clients show as they are. */
export const MESSAGES = {
  companyRequired: 'Company is required',
  companyNotFound: 'Company not found',
  alreadyClaimed: 'This business has already been claimed',
  claimPending: 'A claim for this business is already waiting for review',
  listingNotFound: 'Listing not found',
  listingPaid: 'This listing is already paid',
  notYourListing: 'Only the owner of this listing can pay for it',
  signInToUpgrade: 'Sign in as the owner of this listing to upgrade it',
  paymentNotFound: 'Payment not found',
  claimNotFound: 'Claim not found',
  claimerRequired: 'Please fill in all required fields',
  accountReview:
    "The claimer's e-mail belongs to another account and the payer was not signed in to it: the claim is not linked to any account. Reject it (the payment is refunded) or ask the claimer to claim again signed in.",
  approvedElsewhere: 'This business already has an approved claim',
  notYourPayment:
    'This payment was not made by you. Open the payment-success page from the browser that paid, or sign in to the account that paid.',
  paymentUsed: 'This payment was already used for a listing',
  claimedMeanwhile: 'This business was claimed by someone else; your payment has been refunded.',
} as const;

export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A lifecycle refusal as the client sees it: 409 with the table's message. */
export function asHttp(err: unknown): unknown {
  return err instanceof LifecycleConflict ? new HttpError(409, err.message) : err;
}

/**
 * The company from the read-model, waiting briefly for one listed a moment ago, then asking the
 * directory (a company listed before billing first subscribed never reaches the read-model).
 */
export async function findCompany(d: UseCaseDeps, id: string): Promise<CompanyFacts | null> {
  const found = await readSoon(() => d.readModels.findCompany(id), { withinMs: d.companyWaitMs ?? 500 });
  if (found) return { name: found.name, owned: found.userId !== null, userId: found.userId };
  if (!d.lookupCompany) return null;
  try {
    return await d.lookupCompany(id);
  } catch (err) {
    d.logger.warn({ err, companyId: id }, 'directory lookup failed');
    return null;
  }
}

/**
 * Only the payer may see or use a payment: the same signed-in user (or the account its claim was
 * linked to), or whoever holds its client secret (compared in constant time). 403 otherwise.
 */
export function assertPayer(
  payment: PaymentDoc,
  user: SessionUser | null,
  clientSecret: string | undefined,
  claimUserId: string | null = null,
): void {
  if (user && (user.id === payment.userId || (claimUserId !== null && user.id === claimUserId))) return;
  if (clientSecret && payment.clientSecretHash) {
    const sent = Buffer.from(sha256(clientSecret), 'hex');
    const stored = Buffer.from(payment.clientSecretHash, 'hex');
    if (sent.length === stored.length && timingSafeEqual(sent, stored)) return;
  }
  throw forbidden(MESSAGES.notYourPayment);
}
