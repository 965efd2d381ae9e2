import { describe, expect, it } from 'vitest';
import { toProviderEvent } from '../../src/payments/stripe-events.js';
import { fixture } from '../stripe-fixtures.js';

// Stripe's event shapes as billing reads them (no engine: the recorded fixtures, parsed).
describe('Stripe events billing reads', () => {
  it('reads invoice.upcoming, whose invoice has no id yet: its subscription and the period it renews into', () => {
    const event = toProviderEvent(JSON.parse(fixture('invoice.upcoming', { sub_fixture: 'sub_A1' })));
    expect(event.type).toBe('invoice.upcoming');
    expect(event.invoice).toMatchObject({ subscriptionId: 'sub_A1', billingReason: 'upcoming', periodEnd: '2028-09-20T14:13:20.000Z' });
    expect(event.invoice!.id).toBe('upcoming_sub_A1_1853072000');
    expect(event.objectId).toBe(event.invoice!.id);
  });

  it('reads setup_intent.succeeded: the customer, the saved payment method and our metadata', () => {
    const event = toProviderEvent(
      JSON.parse(
        fixture('setup_intent.succeeded', { seti_fixture: 'seti_A1', cus_fixture: 'cus_A1', pm_fixture: 'pm_A1', sub_fixture: 'sub_A1' }),
      ),
    );
    expect(event.objectId).toBe('seti_A1');
    expect(event.setupIntent).toEqual({
      id: 'seti_A1',
      status: 'succeeded',
      customerId: 'cus_A1',
      paymentMethodId: 'pm_A1',
      metadata: { subscriptionId: 'sub_A1', purpose: 'card_update' },
    });
  });
});
