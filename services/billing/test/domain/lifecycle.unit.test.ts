import { describe, expect, it } from 'vitest';
import {
  acceptsReport,
  allows,
  claimState,
  isPaid,
  LifecycleConflict,
  type LifecycleKind,
  owedAnnouncement,
  paymentState,
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

/*
 * Every cell of the three tables (docs/billing.md): the move each state allows and where it leads,
 * and a refusal (409 with its message) for every other event. A row losing or gaining a move is a
 * status a payer, owner or admin sees change (or a provider report applied that should be ignored).
 */
const words = (s: string) => s.replaceAll('_', ' ');

// The tables' cells, read with their state and event names as plain strings.
const move = transition as (kind: LifecycleKind, from: string, event: string) => string;
const allowed = allows as (kind: LifecycleKind, from: string, event: string) => boolean;

function checkTable(kind: LifecycleKind, events: readonly string[], table: Record<string, Record<string, string>>) {
  for (const [from, moves] of Object.entries(table)) {
    for (const event of events) {
      const to = moves[event];
      const cell = `${kind} ${from} ${event}`;
      if (to === undefined) {
        expect(() => move(kind, from, event), cell).toThrow(LifecycleConflict);
        expect(() => move(kind, from, event), cell).toThrow(`A ${kind} that is ${words(from)} cannot ${words(event)}`);
        expect(allowed(kind, from, event), cell).toBe(false);
      } else {
        expect(move(kind, from, event), cell).toBe(to);
        expect(allowed(kind, from, event), cell).toBe(true);
      }
    }
  }
}

describe('the lifecycle tables, cell by cell', () => {
  it('payments: retried until paid, then used once or refunded; refunded is final', () => {
    const retry = { require_action: 'requires_action', succeed: 'succeeded', fail: 'failed' };
    checkTable('payment', ['require_action', 'succeed', 'fail', 'use', 'refund'], {
      created: retry,
      requires_action: retry,
      failed: retry,
      succeeded: { succeed: 'succeeded', use: 'used', refund: 'refunded' },
      used: { use: 'used', refund: 'refunded' },
      refunded: { refund: 'refunded' },
    });
  });

  it('claims: decided once, then refunded', () => {
    checkTable('claim', ['approve', 'reject', 'refund'], {
      pending: { approve: 'approved', reject: 'rejected' },
      approved: { refund: 'refunded' },
      rejected: { refund: 'refunded' },
      refunded: { refund: 'refunded' },
    });
  });

  it('subscriptions: as the provider moves them; canceled and incomplete_expired are final', () => {
    checkTable('subscription', ['activate', 'schedule_cancel', 'resume', 'payment_fail', 'mark_unpaid', 'cancel', 'expire'], {
      incomplete: {
        activate: 'active',
        schedule_cancel: 'cancel_at_period_end',
        payment_fail: 'incomplete',
        expire: 'incomplete_expired',
        cancel: 'canceled',
      },
      active: { activate: 'active', schedule_cancel: 'cancel_at_period_end', payment_fail: 'past_due', cancel: 'canceled' },
      cancel_at_period_end: { resume: 'active', schedule_cancel: 'cancel_at_period_end', payment_fail: 'past_due', cancel: 'canceled' },
      past_due: {
        activate: 'active',
        schedule_cancel: 'cancel_at_period_end',
        payment_fail: 'past_due',
        mark_unpaid: 'unpaid',
        cancel: 'canceled',
      },
      unpaid: { activate: 'active', payment_fail: 'unpaid', cancel: 'canceled' },
      incomplete_expired: {},
      canceled: {},
    });
  });

  it('names a refused move in words, every underscore a space', () => {
    const err = new LifecycleConflict('subscription', 'cancel_at_period_end', 'mark_unpaid');
    expect(err.message).toBe('A subscription that is cancel at period end cannot mark unpaid');
    expect(err).toMatchObject({ name: 'LifecycleConflict', kind: 'subscription', from: 'cancel_at_period_end', event: 'mark_unpaid' });
    expect(() => transition('subscription', 'cancel_at_period_end', 'expire')).toThrow(
      'A subscription that is cancel at period end cannot expire',
    );
  });
});

describe('reading stored records and provider reports', () => {
  it('reads a legacy open payment as created, and only succeeded or used as paid', () => {
    expect(paymentState('open')).toBe('created');
    expect(paymentState('requires_action')).toBe('requires_action');
    expect(paymentState('used')).toBe('used');
    expect(isPaid('succeeded')).toBe(true);
    expect(isPaid('used')).toBe(true);
    for (const status of ['open', 'created', 'requires_action', 'failed', 'refunded'] as const) expect(isPaid(status), status).toBe(false);
  });

  it('reads a claim as refunded only from its refund status, else its decision', () => {
    expect(claimState({ status: 'approved', refundStatus: 'refunded' })).toBe('refunded');
    expect(claimState({ status: 'approved', refundStatus: 'none' })).toBe('approved');
    expect(claimState({ status: 'pending', refundStatus: 'pending' })).toBe('pending');
  });

  it('reads cancel_at_period_end only from an active subscription set to end', () => {
    expect(subscriptionState({ status: 'active', cancelAtPeriodEnd: false })).toBe('active');
    // Stripe keeps the flag on a subscription that then ended or fell past due: its status wins.
    expect(subscriptionState({ status: 'canceled', cancelAtPeriodEnd: true })).toBe('canceled');
    expect(subscriptionState({ status: 'past_due', cancelAtPeriodEnd: true })).toBe('past_due');
  });

  it('names the event behind every reported state', () => {
    expect(subscriptionEventFor('incomplete', 'active')).toBe('activate');
    expect(subscriptionEventFor('past_due', 'active')).toBe('activate');
    expect(subscriptionEventFor('active', 'cancel_at_period_end')).toBe('schedule_cancel');
    expect(subscriptionEventFor('active', 'past_due')).toBe('payment_fail');
    expect(subscriptionEventFor('incomplete', 'incomplete')).toBeNull();
    expect(subscriptionEventFor('active', 'incomplete')).toBe('payment_fail');
    expect(subscriptionEventFor('past_due', 'unpaid')).toBe('mark_unpaid');
    expect(subscriptionEventFor('active', 'canceled')).toBe('cancel');
    expect(subscriptionEventFor('incomplete', 'incomplete_expired')).toBe('expire');
    expect(subscriptionEventFor('canceled', 'canceled')).toBeNull();
  });
});

describe('acceptsReport: the newest allowed report wins; an ended subscription stays ended', () => {
  const stored = { statusAt: '2027-01-01T00:00:00.000Z', announced: 'active' as const, userId: 'u', companyId: 'c' };
  const newer = '2027-02-01T00:00:00.000Z';
  const older = '2026-12-01T00:00:00.000Z';

  it('applies a newer report, or one from the same instant, and ignores an older one', () => {
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'past_due', at: newer })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'past_due', at: stored.statusAt })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'past_due', at: older })).toBe(false);
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'active', at: older })).toBe(false);
  });

  it('applies a cancellation even when reported late, and nothing after one', () => {
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'canceled', at: older })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'canceled' }, { status: 'active', at: newer })).toBe(false);
    expect(acceptsReport({ ...stored, status: 'canceled' }, { status: 'canceled', at: newer })).toBe(false);
    expect(acceptsReport({ ...stored, status: 'incomplete_expired' }, { status: 'canceled', at: newer })).toBe(false);
    expect(acceptsReport({ ...stored, status: 'incomplete_expired' }, { status: 'incomplete_expired', at: newer })).toBe(false);
  });

  it('ignores a newer report the table refuses', () => {
    // An unpaid subscription cannot be set to end (only paid again or canceled)...
    expect(acceptsReport({ ...stored, status: 'unpaid' }, { status: 'active', cancelAtPeriodEnd: true, at: newer })).toBe(false);
    // ...but a report of it paid again, without the flag, is applied.
    expect(acceptsReport({ ...stored, status: 'unpaid' }, { status: 'active', at: newer })).toBe(true);
    expect(acceptsReport({ ...stored, status: 'active' }, { status: 'incomplete_expired', at: newer })).toBe(false);
  });
});

describe('owedAnnouncement: activated once owner and company are known, canceled after an announced activation', () => {
  const facts = { statusAt: '2027-01-01T00:00:00.000Z', userId: 'u', companyId: 'c' };

  it('announces an active subscription once, when its owner and company are known and its claim verified', () => {
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'none' })).toBe('activated');
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'none', verification: 'verified' })).toBe('activated');
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'none', verification: 'pending' })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'none', userId: null })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'none', companyId: null })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'active', announced: 'active' })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'past_due', announced: 'none' })).toBeNull();
  });

  it('announces the end only of a subscription announced active', () => {
    expect(owedAnnouncement({ ...facts, status: 'canceled', announced: 'active' })).toBe('canceled');
    expect(owedAnnouncement({ ...facts, status: 'canceled', announced: 'active', verification: 'pending' })).toBe('canceled');
    expect(owedAnnouncement({ ...facts, status: 'canceled', announced: 'none' })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'canceled', announced: 'canceled' })).toBeNull();
    expect(owedAnnouncement({ ...facts, status: 'past_due', announced: 'active' })).toBeNull();
  });
});
