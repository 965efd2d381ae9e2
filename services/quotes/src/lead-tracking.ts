import { randomUUID } from 'node:crypto';
import type { CompanyResponseTimeV1, QuoteStatus } from '@limo/contracts';
import { median, RESPONSE_TIME_SAMPLE, responseMinutes } from './domain/response-time.js';
import type { CompaniesRepository } from './repositories/companies.repository.js';
import type { QuotesRepository } from './repositories/quotes.repository.js';
import type { QuoteDoc } from './domain/quote.js';

/**
 * Lead tracking: when the owner first saw each quote, when it was first marked contacted, and each
 * company's median response time, published as `company.response-time.v1` for the directory.
 */
export class LeadTracking {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  /** Records that the owner was shown these quotes; returns them with `firstViewedAt` filled in. */
  async viewedByOwner(shown: QuoteDoc[]): Promise<QuoteDoc[]> {
    const unseen = shown.filter((q) => q.firstViewedAt === null);
    if (unseen.length === 0) return shown;
    const now = new Date().toISOString();
    await this.quotes.markViewed(
      unseen.map((q) => q._id),
      now,
    );
    return shown.map((q) => (q.firstViewedAt === null ? { ...q, firstViewedAt: now } : q));
  }

  /**
   * Sets the quote's status. The first time a quote becomes contacted, the company's median response
   * time is recomputed over its {@link RESPONSE_TIME_SAMPLE} most recently contacted quotes and stored
   * with the event that publishes it. Returns the quote after the change, or null if it vanished.
   */
  async changeStatus(quote: QuoteDoc, status: QuoteStatus): Promise<QuoteDoc | null> {
    const result = await this.quotes.setStatus(quote._id, status, new Date().toISOString());
    if (!result) return null;
    if (result.firstContact) await this.publishResponseTime(quote.companyId);
    return result.quote;
  }

  private async publishResponseTime(companyId: string): Promise<void> {
    const contacted = await this.quotes.recentlyContacted(companyId, RESPONSE_TIME_SAMPLE);
    const minutes = median(
      responseMinutes(contacted.flatMap((q) => (q.contactedAt ? [{ createdAt: q.createdAt, contactedAt: q.contactedAt }] : []))),
    );
    if (minutes === undefined) return;
    const computedAt = new Date().toISOString();
    const event: CompanyResponseTimeV1 = {
      id: randomUUID(),
      type: 'company.response-time.v1',
      occurredAt: computedAt,
      key: companyId,
      data: { companyId, medianMinutes: Math.round(minutes), sampleSize: contacted.length, computedAt },
    };
    await this.companies.setResponseTime(companyId, event);
  }
}
