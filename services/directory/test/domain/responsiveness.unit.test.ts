import { describe, expect, it } from 'vitest';
import { newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import {
  answersFast,
  earnsTopRated,
  responseRate,
  responseTimeHours,
  responsiveTier,
  topRatedReviewsSince,
  type StoredResponsiveness,
} from '../../src/domain/responsiveness.js';

// What a company's page and the best-match ranking show of its lead replies (README "Responsiveness").
const leads = (fields: Partial<StoredResponsiveness>): StoredResponsiveness => ({
  leadCount: 4,
  repliedCount: 3,
  fastReplyCount: 3,
  medianBusinessHours: 2.5,
  computedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const company = (fields: Partial<CompanyDoc> = {}): CompanyDoc => ({
  ...newCompanyDoc({ _id: 'c1', name: 'Ace Limo', createdAt: '2025-01-01T00:00:00.000Z' }),
  version: 1,
  ...fields,
});

describe('response time and rate on a company page', () => {
  it('are shown from 3 leads in the window, as a median and a two-decimal share', () => {
    const c = company({ responsiveness: leads({ leadCount: 3, repliedCount: 2, medianBusinessHours: 1.5 }) });
    expect(responseTimeHours(c)).toBe(1.5);
    expect(responseRate(c)).toBe(0.67);
  });

  it('are hidden under 3 leads or without figures', () => {
    for (const c of [company({ responsiveness: leads({ leadCount: 2, repliedCount: 2 }) }), company({ responsiveness: null }), company()]) {
      expect(responseTimeHours(c)).toBeNull();
      expect(responseRate(c)).toBeNull();
    }
  });
});

describe('the Top Rated badge', () => {
  const earner = { rating: 4.8, suspendedAt: null, responsiveness: leads({ leadCount: 4, fastReplyCount: 3 }) };

  it('needs 75% of at least 3 leads answered within 4 business hours', () => {
    expect(answersFast(leads({ leadCount: 4, fastReplyCount: 3 }))).toBe(true);
    expect(answersFast(leads({ leadCount: 3, fastReplyCount: 2 }))).toBe(false);
    expect(answersFast(leads({ leadCount: 2, fastReplyCount: 2 }))).toBe(false);
    expect(answersFast(null)).toBe(false);
    expect(answersFast(undefined)).toBe(false);
  });

  it('is earned at a 4.8 rating with 5 recent verified reviews and fast replies, on a listing not suspended', () => {
    expect(earnsTopRated(earner, 5)).toBe(true);
    expect(earnsTopRated({ ...earner, rating: 4.7 }, 5)).toBe(false);
    expect(earnsTopRated(earner, 4)).toBe(false);
    expect(earnsTopRated({ ...earner, suspendedAt: '2026-01-01T00:00:00.000Z' }, 5)).toBe(false);
    expect(earnsTopRated({ ...earner, responsiveness: leads({ fastReplyCount: 2 }) }, 5)).toBe(false);
  });

  it('counts the verified reviews of the last 12 months', () => {
    expect(topRatedReviewsSince(new Date('2026-03-15T08:30:00.000Z'))).toBe('2025-03-15T08:30:00.000Z');
  });
});

describe('the responsiveness tier search ranks by', () => {
  it('is 2 for Top Rated, unless suspended', () => {
    expect(responsiveTier(company({ topRated: true }))).toBe(2);
    expect(responsiveTier(company({ topRated: true, suspendedAt: '2026-01-01T00:00:00.000Z' }))).toBe(0);
  });

  it('is 1 for half or more of at least 3 leads replied to, with a median of 8 business hours or less', () => {
    expect(responsiveTier(company({ responsiveness: leads({ leadCount: 4, repliedCount: 2, medianBusinessHours: 8 }) }))).toBe(1);
    expect(responsiveTier(company({ responsiveness: leads({ leadCount: 4, repliedCount: 1, medianBusinessHours: 1 }) }))).toBe(0);
    expect(responsiveTier(company({ responsiveness: leads({ leadCount: 4, repliedCount: 4, medianBusinessHours: 8.1 }) }))).toBe(0);
    expect(responsiveTier(company({ responsiveness: leads({ leadCount: 2, repliedCount: 2, medianBusinessHours: 1 }) }))).toBe(0);
    expect(responsiveTier(company({ responsiveness: leads({ medianBusinessHours: null }) }))).toBe(0);
    expect(responsiveTier(company())).toBe(0);
  });
});
