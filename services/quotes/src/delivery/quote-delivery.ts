import { DuplicateKeyError, type Logger, type MailMessage, type Mailer } from '@limo/platform';
import { derivedId } from '../domain/ids.js';
import { reviewLinkUrl } from '../domain/review-link.js';
import { cityQuoteToCompanyMail } from '../mail/city-quote-to-company.mail.js';
import { claimInvitationMail } from '../mail/claim-invitation.mail.js';
import { cityQuoteConfirmationMail, quoteConfirmationMail } from '../mail/quote-confirmation.mail.js';
import { quoteToCompanyMail } from '../mail/quote-to-company.mail.js';
import type { CityRequestsRepository } from '../repositories/city-requests.repository.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';
import { newQuoteMailState, quoteDetails, quoteRequestedEvent, type DeliveryOutcome, type QuoteDoc } from '../domain/quote.js';

/** What delivery needs. */
export interface QuoteDeliveryDeps {
  quotes: QuotesRepository;
  cityRequests: CityRequestsRepository;
  companies: CompaniesRepository;
  mailer: Mailer;
  logger: Logger;
  /** The site's public address, for the links in the mails. */
  publicUrl: string;
  /** The key review links are signed with, and how many days after the trip they work. */
  reviewLinks: { key: Buffer; validDays: number };
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

  /**
   * Sends what the quote still owes, under one lease for both mails: the company's (to its business
   * e-mail, else its e-mail) and, for a per-company request, the customer's confirmation, side by
   * side. Both ends are recorded in one write; a failed send is recorded with its reason and then
   * thrown, so the caller retries and the retry sends only what is still owed.
   */
  async deliverQuote(quoteId: string): Promise<void> {
    const { quotes } = this.deps;
    const quote = await quotes.claimMails(quoteId);
    if (!quote) return;
    const [company, customer] = await Promise.allSettled([
      quote.delivery === 'pending' ? this.mailCompany(quote) : undefined,
      quote.confirmation === 'pending' ? this.confirmToCustomer(quote) : false,
    ]);
    const failure = [company, customer].find((r) => r.status === 'rejected');
    await quotes.recordMails(
      quote,
      {
        ...(company.status === 'fulfilled' && company.value && { delivery: company.value }),
        confirmed: customer.status === 'fulfilled' && customer.value,
        ...(failure && { error: reasonOf(failure.reason) }),
      },
      new Date().toISOString(),
      // Derived: a second record of the same delivery (a lease that ran out) owes the same event.
      derivedId(quote._id, 'quote.delivered.v1'),
    );
    if (failure) throw failure.reason;
  }

  /** Sends the customer the confirmation of a per-company request; true once the transport took it. */
  private async confirmToCustomer(quote: QuoteDoc): Promise<true> {
    const reviewUrl = reviewLinkUrl(quote, { publicUrl: this.deps.publicUrl, ...this.deps.reviewLinks, now: new Date() });
    await this.send({ ...quoteConfirmationMail(quote, this.deps.publicUrl, reviewUrl), idempotencyKey: `quote:${quote._id}:confirmation` });
    return true;
  }

  /** Sends the company its quote mail; how it ended (a company gone or without an address gets none). */
  private async mailCompany(quote: QuoteDoc): Promise<DeliveryOutcome> {
    const company = await this.deps.companies.findActive(quote.companyId);
    if (!company) return 'company-gone';
    const to = company.businessEmail || company.email;
    // Nobody to mail: the quote still waits on the owner's dashboard.
    if (!to) return 'no-address';
    const dashboardUrl = `${this.deps.publicUrl}/dashboard`;
    const message = quote.source === 'city' ? cityQuoteToCompanyMail(quote, to, dashboardUrl) : quoteToCompanyMail(quote, to, dashboardUrl);
    await this.send({ ...message, idempotencyKey: `quote:${quote._id}:company` });
    return 'delivered';
  }

  /**
   * Stores one quote per owned company the city request chose, each owing its `quote.requested.v1`, and
   * mails each unclaimed one an invitation to claim its listing instead. Ids and mail keys are derived
   * from the request and the company, so a replay stores and sends nothing twice. A company deleted in
   * between is skipped.
   */
  async fanOut(requestId: string): Promise<void> {
    const { cityRequests, companies, quotes } = this.deps;
    const request = await cityRequests.findById(requestId);
    if (!request || request.fanOut === 'done') return;
    for (const companyId of request.companyIds) {
      const company = await companies.findActive(companyId);
      if (!company) continue;
      if (company.userId === null) {
        // Unclaimed: nobody's dashboard would hold the quote, and the customer's details go only to
        // owners. The listing's address gets an invitation to claim it (its key: sent once).
        const to = company.businessEmail || company.email;
        if (to) {
          await this.send({
            ...claimInvitationMail(request, { id: company._id, name: company.name }, to, this.deps.publicUrl),
            idempotencyKey: `city-quote:${request._id}:claim-invitation:${company._id}`,
          });
        }
        continue;
      }
      const quote: QuoteDoc = {
        _id: derivedId(request._id, companyId),
        companyId,
        companyName: company.name,
        source: 'city',
        cityRequestId: request._id,
        targetCity: request.targetCity,
        cityCompaniesNotified: request.companiesNotified,
        ...quoteDetails(request),
        status: 'pending',
        createdAt: request.createdAt,
        updatedAt: request.createdAt,
        // The customer gets one confirmation for the whole city request, not one per company.
        ...newQuoteMailState('not-needed'),
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
    try {
      await this.send({
        ...cityQuoteConfirmationMail(request, this.deps.publicUrl),
        idempotencyKey: `city-quote:${request._id}:confirmation`,
      });
    } catch (err) {
      await cityRequests.releaseConfirmation(request._id);
      throw err;
    }
    await cityRequests.markConfirmed(request._id, new Date().toISOString());
  }

  /** Sends, or logs why the transport refused and rethrows (the caller records it and retries later). */
  private async send(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      this.deps.logger.warn({ tag: message.tag, err: reasonOf(err) }, 'mail not accepted: will retry');
      throw err;
    }
  }
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
