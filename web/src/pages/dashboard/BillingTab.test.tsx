import type { MySubscription } from '@limo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast, fakeServer, on, renderAt } from '../../test/render';
import { BillingTab } from './BillingTab';

const subscription = (overrides: Partial<MySubscription> = {}): MySubscription => ({
  subscriptionId: 'sub_1',
  companyId: 'c1',
  companyName: 'Sunshine Limousines',
  plan: { id: 'claim', name: 'Business Directory Access', interval: 'year' },
  status: 'active',
  verificationPending: true,
  statusLabel: 'Active · verification pending',
  amount: 7500,
  currency: 'usd',
  renewsOn: '2027-01-10T00:00:00.000Z',
  endsOn: null,
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '4242' },
  invoices: [
    {
      receiptNumber: 'LD-ABC123',
      paymentIntentId: 'pi_1',
      amount: 7500,
      currency: 'usd',
      paidAt: '2026-01-10T12:00:00.000Z',
      status: 'paid',
      refundedAt: null,
      description: 'Business Directory Access',
      card: { brand: 'visa', last4: '4242' },
    },
  ],
  others: [],
  ...overrides,
});

describe('dashboard Billing tab', () => {
  it('shows the subscription right after paying, with its card and receipts, and cancels after a confirmation', async () => {
    const cancelled = subscription({
      cancelAtPeriodEnd: true,
      renewsOn: null,
      endsOn: '2027-01-10T00:00:00.000Z',
      statusLabel: 'Active · verification pending · ends on January 10, 2027',
    });
    const calls = fakeServer(
      on('GET', '/api/my-subscription', { body: subscription() }),
      on('POST', '/api/my-subscription/cancel', {
        body: { message: 'Cancelled: your listing stays active until January 10, 2027', subscription: cancelled },
      }),
    );
    const { user } = renderAt(<BillingTab companyId="c1" />);
    expect(await screen.findByTestId('billing-status')).toHaveTextContent('Active · verification pending');
    expect(screen.getByText('$75.00 / year')).toBeInTheDocument();
    expect(screen.getByText('Jan 10, 2027')).toBeInTheDocument();
    expect(screen.getAllByText('Visa ending in 4242')).toHaveLength(2);
    expect(within(screen.getByTestId('receipt-row')).getByText('LD-ABC123')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your listing stays active until Jan 10, 2027');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('billing-status')).toHaveTextContent('ends on January 10, 2027'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/my-subscription/cancel', body: { companyId: 'c1' } });
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
  });

  it('says so when the owner has no subscription', async () => {
    fakeServer(on('GET', '/api/my-subscription', { status: 404, body: { message: 'No subscription yet' } }));
    renderAt(<BillingTab companyId="c1" />);
    expect(await screen.findByText(/No subscription yet/)).toBeInTheDocument();
  });

  it('updates the card of a past-due subscription in test mode, which pays the renewal', async () => {
    const pastDue = subscription({ status: 'past_due', statusLabel: 'Past due · update your card', verificationPending: false });
    const calls = fakeServer(
      on('GET', '/api/my-subscription', { body: pastDue }),
      on('GET', '/api/payments/config', {
        body: {
          provider: 'simulator',
          publishableKey: null,
          testMode: true,
          plan: { id: 'claim', name: 'Business Directory Access', amount: 7500, currency: 'usd', interval: 'year' },
          testCards: [{ number: '4242424242424242', outcome: 'succeeds' }],
        },
      }),
      on('POST', '/api/my-subscription/card', {
        body: {
          message: 'Card updated and the renewal paid',
          subscription: subscription({ verificationPending: false, statusLabel: 'Active' }),
        },
      }),
    );
    const { user } = renderAt(<BillingTab companyId="c1" />);
    expect(await screen.findByTestId('billing-status')).toHaveTextContent('Past due · update your card');
    await user.click(await screen.findByRole('button', { name: 'Update card' }));
    const form = screen.getByRole('form', { name: 'Update card' });
    await user.type(within(form).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.type(within(form).getByLabelText(/Expiry/), '12/34');
    await user.type(within(form).getByLabelText(/CVC/), '123');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    await expectToast('Card updated and the renewal paid');
    await waitFor(() => expect(screen.getByTestId('billing-status')).toHaveTextContent('Active'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/my-subscription/card',
      body: { companyId: 'c1', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
  });
});
