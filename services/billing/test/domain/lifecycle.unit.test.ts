import { describe, expect, it } from 'vitest';
import {
  acceptsReport,
  claimState,
  LifecycleConflict,
  subscriptionEventFor,
  subscriptionState,
  transition,
} from '../../src/domain/lifecycle.js';

describe('payment lifecycle: created → requires_action → succeeded → used / refunded; failed', () => {
  it('allows the moves of the table', () => {
    expect(transition('payment', 'created', 'require_action')).toBe('requires_action');
    expect(transition('payment', 'requires_action', 'succeed')).toBe('succeeded');
    expect(transition('payment', 'created', 'fail')).toBe('failed');
    expect(transition('payment', 'failed', 'succeed')).toBe('succeeded'); // another card after a decline
    expect(transition('payment', 'succeeded', 'use')).toBe('used');
    expect(transition('payment', 'used', 'refund')).toBe('refunded');
    expect(transition('payment', 'succeeded', 'refund')).toBe('refunded');
    expect(transition('payment', 'succeeded', 'succeed')).toBe('succeeded'); // webhook and page both report it
  });

  it('refuses the others with a clear conflict', () => {
    expect(() => transition('payment', 'created', 'use')).toThrow(LifecycleConflict);
    expect(() => transition('payment', 'created', 'use')).toThrow('A payment that is created cannot use');
    expect(() => transition('payment', 'succeeded', 'fail')).toThrow(LifecycleConflict); // a late decline never undoes a charge
    expect(() => transition('payment', 'refunded', 'use')).toThrow(LifecycleConflict);
    expect(() => transition('payment', 'refunded', 'succeed')).toThrow(LifecycleConflict);
    expect(() => transition('payment', 'failed', 'refund')).toThrow(LifecycleConflict);
  });
});

describe('claim lifecycle: pending → approved / rejected → refunded', () => {
  it('decides a pending claim once and refunds a decided one', () => {
    expect(transition('claim', 'pending', 'approve')).toBe('approved');
    expect(transition('claim', 'pending', 'reject')).toBe('rejected');
    expect(transition('claim', 'rejected', 'refund')).toBe('refunded');
    expect(transition('claim', 'approved', 'refund')).toBe('refunded');
  });

  it('refuses a second decision and a refund of a pending claim', () => {
    expect(() => transition('claim', 'approved', 'reject')).toThrow('A claim that is approved cannot reject');
    expect(() => transition('claim', 'rejected', 'approve')).toThrow(LifecycleConflict);
    expect(() => transition('claim', 'pending', 'refund')).toThrow(LifecycleConflict);
    expect(() => transition('claim', 'refunded', 'approve')).toThrow(LifecycleConflict);
  });

  it('reads a refunded claim from its refund status', () => {
    expect(claimState({ status: 'rejected', refundStatus: 'refunded' })).toBe('refunded');
    expect(claimState({ status: 'rejected', refundStatus: 'pending' })).toBe('rejected');
  });
});

describe('subscription lifecycle: incomplete → active → cancel_at_period_end → canceled; past_due', () => {
  it('allows the moves of the table', () => {
    expect(transition('subscription', 'incomplete', 'activate')).toBe('active');
    expect(transition('subscription', 'active', 'schedule_cancel')).toBe('cancel_at_period_end');
    expect(transition('subscription', 'cancel_at_period_end', 'resume')).toBe('active');
    expect(transition('subscription', 'cancel_at_period_end', 'cancel')).toBe('canceled');
    expect(transition('subscription', 'active', 'payment_fail')).toBe('past_due');
    expect(transition('subscription', 'past_due', 'activate')).toBe('active');
  });

  it('keeps canceled and expired final; an incomplete subscription cannot be resumed or go past due', () => {
    expect(() => transition('subscription', 'canceled', 'activate')).toThrow('A subscription that is canceled cannot activate');
    expect(() => transition('subscription', 'canceled', 'resume')).toThrow(LifecycleConflict);
    expect(() => transition('subscription', 'incomplete_expired', 'activate')).toThrow(LifecycleConflict);
    expect(() => transition('subscription', 'incomplete', 'resume')).toThrow(LifecycleConflict);
    // A first invoice paid and the end scheduled before billing heard of either: one report, both steps.
    expect(transition('subscription', 'incomplete', 'schedule_cancel')).toBe('cancel_at_period_end');
  });

  it('reads a provider report as the event that makes it', () => {
    expect(subscriptionState({ status: 'active', cancelAtPeriodEnd: true })).toBe('cancel_at_period_end');
    expect(subscriptionEventFor('cancel_at_period_end', 'active')).toBe('resume');
    expect(subscriptionEventFor('active', 'active')).toBeNull();
    const at = '2027-01-01T00:00:00.000Z';
    const stored = { statusAt: '2026-01-01T00:00:00.000Z', announced: 'none' as const, userId: 'u', companyId: 'c' };
    expect(acceptsReport({ ...stored, status: 'incomplete' }, { status: 'active', cancelAtPeriodEnd: true, at })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'active', cancelAtPeriodEnd: true }, { status: 'active', at })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'incomplete_expired' }, { status: 'active', at })).toBe(false);
  });
});
