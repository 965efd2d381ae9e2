import type { AdminReview, BusinessClaim, ChangeRequest, OwnerCompany, QuoteRequest } from '@limo/contracts';
import { makeCompany, makeOwnerCompany as makeOwnersCompany, makeQuote as makeOwnersQuote } from './fixtures';
import { on } from './render';

/** A company as the admin list returns it (an unowned one by default), with `overrides` applied. */
export function makeOwnerCompany(overrides: Partial<OwnerCompany> = {}): OwnerCompany {
  return makeOwnersCompany({ ...makeCompany(), userId: null, businessEmail: null, subscriptionInfo: null, ...overrides });
}

/** A pending review of Sunshine Limousines. */
export function makeReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 'r1',
    companyId: 'c1',
    companyName: 'Sunshine Limousines',
    rating: 5,
    comment: 'Perfect wedding ride.',
    reviewerName: 'Ana',
    status: 'pending',
    createdAt: '2025-03-02T10:00:00.000Z',
    verifiedCustomer: false,
    reply: null,
    ownerReply: null,
    flags: [],
    abuseSignals: [],
    ...overrides,
  };
}

/** A pending claim paid $75 (7500 cents). */
export function makeClaim(overrides: Partial<BusinessClaim> = {}): BusinessClaim {
  return {
    id: 'cl1',
    companyId: 'c1',
    userId: 'u1',
    companyName: 'Sunshine Limousines',
    claimerName: 'Maria Lopez',
    claimerEmail: 'maria@sunshine.example',
    claimerPhone: '(305) 555-0101',
    businessRole: 'owner',
    stripePaymentIntentId: 'pi_test_1',
    paymentAmount: 7500,
    status: 'pending',
    adminNotes: null,
    verificationDocuments: [],
    approvedAt: null,
    approvedBy: null,
    rejectedAt: null,
    refundStatus: 'none',
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A pending quote request for Sunshine Limousines, not delivered yet. */
export function makeQuote(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return makeOwnersQuote({
    customerName: 'John Smith',
    customerEmail: 'john@example.com',
    serviceType: 'Wedding',
    passengerCount: '5-8',
    pickupLocation: 'Miami Beach, FL',
    dropoffLocation: null,
    tripDate: '2025-06-01',
    tripTime: '6:00 PM',
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    deliveredAt: null,
    ...overrides,
  });
}

/** An owner's pending change of phone and services. */
export function makeChangeRequest(overrides: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    id: 'cr1',
    companyId: 'c1',
    companyName: 'Sunshine Limousines',
    userId: 'u1',
    requestedBy: 'owner@sunshine.example',
    changes: { phone: '(305) 555-0222', services: ['Wedding', 'Proms'] },
    previous: { phone: '(305) 555-0100', services: ['Wedding'] },
    baseVersion: 1,
    note: null,
    status: 'pending',
    createdAt: '2025-03-02T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

/** The signed-in admin. */
export const signedInAdmin = on('GET', '/api/me', { body: { id: 'a1', username: 'admin', email: 'admin@example.com', role: 'admin' } });
