import type { Mailer, MailMessage, Logger } from '@limo/platform';
import type { MailLinks } from '../mails/billing-mails.js';
import type { PaymentsRegistry } from '../payments/payments.registry.js';
import type { ClaimsRepository } from '../repositories/claims.repository.js';
import type { LedgerRepository } from '../repositories/ledger.repository.js';
import type { ListingsRepository } from '../repositories/listings.repository.js';
import type { PaymentDoc, PaymentsRepository } from '../repositories/payments.repository.js';
import type { ReadModels } from '../repositories/read-models.repository.js';
import type { SubscriptionDoc, SubscriptionsRepository } from '../repositories/subscriptions.repository.js';

/** What the self-service, ledger and mail use cases read and write. */
export interface BillingFactsDeps {
  registry: PaymentsRegistry;
  payments: PaymentsRepository;
  claims: ClaimsRepository;
  subscriptions: SubscriptionsRepository;
  listings: ListingsRepository;
  readModels: ReadModels;
  ledger: LedgerRepository;
  mailer: Mailer;
  links: MailLinks;
  logger: Logger;
}

/** Who paid, for what, and where to write: the lookups every billing mail and screen needs. */
export class BillingFacts {
  constructor(readonly d: BillingFactsDeps) {}

  async userEmail(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    return (await this.d.readModels.users.findOne({ _id: userId }))?.email ?? null;
  }

  /** The payer's e-mail: their account's, else the claimer's or the listing's as sent at checkout. */
  async payerEmail(payment: PaymentDoc): Promise<string | null> {
    return (await this.userEmail(payment.userId)) ?? payment.claimerDetails?.email ?? payment.listingEmail ?? null;
  }

  /** Where a subscription's mails go: its owner's account, else its claimer's, else the e-mail of its checkout. */
  async subscriptionEmail(sub: SubscriptionDoc): Promise<string | null> {
    const owner = await this.userEmail(sub.userId);
    if (owner) return owner;
    const claim = await this.d.claims.findByPaymentIntent(sub.paymentIntentId);
    if (claim) return (await this.userEmail(claim.userId)) ?? claim.claimerEmail;
    const payment = await this.d.payments.findById(sub.paymentIntentId);
    return (payment && (await this.payerEmail(payment))) ?? sub.email;
  }

  /** The company's name from the read-model, the claim or the listing. */
  async companyName(companyId: string | null, paymentIntentId?: string): Promise<string | null> {
    if (companyId) {
      const company = await this.d.readModels.companies.findOne({ _id: companyId });
      if (company?.name) return company.name;
      const listing = await this.d.listings.findById(companyId);
      if (listing) return listing.company.name;
    }
    if (paymentIntentId) {
      const claim = await this.d.claims.findByPaymentIntent(paymentIntentId);
      if (claim) return claim.companyName;
      const payment = await this.d.payments.findById(paymentIntentId);
      if (payment?.listingName) return payment.listingName;
    }
    return null;
  }

  /** Sends a mail; a failure is logged, not raised (the provider's event sends it again under the same key). */
  async sendQuietly(message: MailMessage & { idempotencyKey: string }): Promise<void> {
    try {
      await this.d.mailer.send(message);
    } catch (err) {
      this.d.logger.warn({ err, tag: message.tag }, 'billing mail not sent; the provider event will retry it');
    }
  }
}
