import { randomUUID } from 'node:crypto';
import {
  FAST_REPLY_BUSINESS_HOURS,
  RESPONSIVENESS_WINDOW_DAYS,
  type CompanyResponsivenessV1,
  type CompanyResponseTimeV1,
  type QuoteStatus,
} from '@limo/contracts';
import { zoneOfState } from '../domain/business-hours.js';
import { median, RESPONSE_TIME_SAMPLE, responseMinutes, responsivenessOf, sameResponsiveness } from '../domain/response-time.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { QuotesRepository } from '../repositories/quotes.repository.js';
import type { QuoteDoc } from '../domain/quote.js';

/**
 * Lead tracking: when the owner first saw each quote, when it was first marked contacted (the "reply
 * mark"), each company's median response time (`company.response-time.v1`, for analytics) and its
 * responsiveness over the last 30 days in business hours (`company.responsiveness.v1`, for the directory).
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
    if (result.firstContact) {
      await this.publishResponseTime(quote.companyId);
      await this.refreshResponsiveness(quote.companyId);
    }
    return result.quote;
  }

  /**
   * Recomputes the company's responsiveness over the quotes delivered to it in the last
   * {@link RESPONSIVENESS_WINDOW_DAYS} days (as of `now`) and publishes `company.responsiveness.v1`
   * when it changed. Called when one of its quotes is delivered or first marked contacted, and by the
   * sweep as leads leave the window. Returns whether it published.
   */
  async refreshResponsiveness(companyId: string, now: Date = new Date()): Promise<boolean> {
    const company = await this.companies.findActive(companyId);
    if (!company) return false;
    const since = new Date(now.getTime() - RESPONSIVENESS_WINDOW_DAYS * 86_400_000).toISOString();
    const leads = (await this.quotes.deliveredSince(companyId, since)).flatMap((q) =>
      q.deliveredAt ? [{ deliveredAt: q.deliveredAt, contactedAt: q.contactedAt }] : [],
    );
    const computed = responsivenessOf(leads, zoneOfState(company.state), FAST_REPLY_BUSINESS_HOURS);
    if (sameResponsiveness(company.responsiveness, computed) || (!company.responsiveness && computed.leadCount === 0)) return false;
    const computedAt = now.toISOString();
    const event: CompanyResponsivenessV1 = {
      id: randomUUID(),
      type: 'company.responsiveness.v1',
      occurredAt: computedAt,
      key: companyId,
      data: { companyId, ...computed, computedAt },
    };
    await this.companies.setResponsiveness(event);
    return true;
  }

  /** Recomputes every company whose last responsiveness counted leads (as `now` moves, leads leave the window). */
  async sweepResponsiveness(now: Date = new Date()): Promise<number> {
    let published = 0;
    for (let after = ''; ;) {
      const page = await this.companies.withRecentLeads(after, 200);
      for (const c of page) if (await this.refreshResponsiveness(c._id, now)) published++;
      if (page.length < 200) return published;
      after = page.at(-1)!._id;
    }
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
