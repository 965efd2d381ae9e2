import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Logger, type MailMessage, type Mailer } from '@limo/platform';
import { derivedId } from '../domain/ids.js';
import { cityQuoteToCompanyMail } from '../mail/city-quote-to-company.mail.js';
import { cityQuoteConfirmationMail, quoteConfirmationMail } from '../mail/quote-confirmation.mail.js';
import { quoteToCompanyMail } from '../mail/quote-to-company.mail.js';
import type { CityRequestsRepository } from '../repositories/city-requests.repository.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';
import { quoteRequestedEvent, type QuoteDoc } from '../domain/quote.js';

/** What delivery needs. */
export interface QuoteDeliveryDeps {
  quotes: QuotesRepository;
  cityRequests: CityRequestsRepository;
  companies: CompaniesRepository;
  mailer: Mailer;
  logger: Logger;
  /** The site's public address, for the links in the mails. */
  publicUrl: string;
}

/**
 * Every step between a stored request and the mails it owes. Each step reads its state from the
 * store and does only what is still owed, so the event consumers and the redelivery sweep can both
 * call it, any number of times: a lease keeps two workers off the same mail, so each mail goes out
 * once (twice only if a worker dies between sending it and recording it), and a failed send throws
 * after giving the lease back, so the caller retries later. The request itself is never touched by a
 * mail failure.
 */
export class QuoteDelivery {
  constructor(private readonly deps: QuoteDeliveryDeps) {}

  /** Sends the company its quote mail (to its business e-mail, else its e-mail) if still owed. */
  async deliverToCompany(quoteId: string): Promise<void> {
    const { quotes, companies } = this.deps;
    const quote = await quotes.claim(quoteId, 'delivery');
    if (!quote) return;
    const company = await companies.findActive(quote.companyId);
    if (!company) {
      await quotes.skipDelivery(quote._id, 'company-gone');
      return;
    }
    const to = company.businessEmail || company.email;
    if (!to) {
      // Nobody to mail: the quote still waits on the owner's dashboard.
      await quotes.skipDelivery(quote._id, 'no-address');
      return;
    }
    const dashboardUrl = `${this.deps.publicUrl}/dashboard`;
    const message = quote.source === 'city' ? cityQuoteToCompanyMail(quote, to, dashboardUrl) : quoteToCompanyMail(quote, to, dashboardUrl);
    await this.send({ ...message, idempotencyKey: `quote:${quote._id}:company` }, (reason) =>
      quotes.release(quote._id, 'delivery', reason),
    );
    await quotes.markDelivered(quote, new Date().toISOString(), randomUUID());
  }

  /** Sends the customer the confirmation of a per-company request if still owed. */
  async confirmToCustomer(quoteId: string): Promise<void> {
    const { quotes } = this.deps;
    const quote = await quotes.claim(quoteId, 'confirmation');
    if (!quote) return;
    await this.send({ ...quoteConfirmationMail(quote, this.deps.publicUrl), idempotencyKey: `quote:${quote._id}:confirmation` }, (reason) =>
      quotes.release(quote._id, 'confirmation', reason),
    );
    await quotes.markConfirmed(quote._id, new Date().toISOString());
  }

  /**
   * Stores one quote per company the city request found, each owing its `quote.requested.v1`. Ids are
   * derived from the request and the company, so a replay stores nothing twice. A company deleted in
   * between is skipped.
   */
  async fanOut(requestId: string): Promise<void> {
    const { cityRequests, companies, quotes } = this.deps;
    const request = await cityRequests.findById(requestId);
    if (!request || request.fanOut === 'done') return;
    for (const companyId of request.companyIds) {
      const company = await companies.findActive(companyId);
      if (!company) continue;
      const quote: QuoteDoc = {
        _id: derivedId(request._id, companyId),
        companyId,
        companyName: company.name,
        source: 'city',
        cityRequestId: request._id,
        targetCity: request.targetCity,
        cityCompaniesNotified: request.companiesNotified,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        customerPhone: request.customerPhone,
        serviceType: request.serviceType,
        vehicleType: request.vehicleType,
        passengerCount: request.passengerCount,
        pickupLocation: request.pickupLocation,
        dropoffLocation: request.dropoffLocation,
        tripDate: request.tripDate,
        tripTime: request.tripTime,
        specialRequests: request.specialRequests,
        status: 'pending',
        createdAt: request.createdAt,
        updatedAt: request.createdAt,
        delivery: 'pending',
        deliveredAt: null,
        deliveryAttempts: 0,
        lastDeliveryError: null,
        deliveryLeaseUntil: 0,
        // The customer gets one confirmation for the whole city request, not one per company.
        confirmation: 'not-needed',
        confirmedAt: null,
        confirmationAttempts: 0,
        confirmationLeaseUntil: 0,
        firstViewedAt: null,
        contactedAt: null,
      };
      try {
        await quotes.insert(quote, quoteRequestedEvent(quote, derivedId(quote._id, 'quote.requested.v1')));
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    }
    await cityRequests.markFannedOut(request._id);
  }

  /** Sends the customer the confirmation of a city-wide request if still owed. */
  async confirmCityRequest(requestId: string): Promise<void> {
    const { cityRequests } = this.deps;
    const request = await cityRequests.claimConfirmation(requestId);
    if (!request) return;
    await this.send(
      { ...cityQuoteConfirmationMail(request, this.deps.publicUrl), idempotencyKey: `city-quote:${request._id}:confirmation` },
      () => cityRequests.releaseConfirmation(request._id),
    );
    await cityRequests.markConfirmed(request._id, new Date().toISOString());
  }

  /** Sends, or gives the lease back (recording why) and rethrows so the caller retries later. */
  private async send(message: MailMessage, release: (reason: string) => Promise<void>): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.deps.logger.warn({ tag: message.tag, err: reason }, 'mail not accepted: will retry');
      await release(reason);
      throw err;
    }
  }
}
