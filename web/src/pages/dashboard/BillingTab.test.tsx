import type { MySubscription } from '@limo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectToast, fakeServer, on, renderAt } from '../../test/render';
import { makePaymentsConfig } from '../../test/fixtures';
import { BillingTab } from './BillingTab';

// Stripe.js is not loaded in tests: Elements renders its children and confirmSetup answers as Stripe would.
const stripe = vi.hoisted(() => ({ confirmSetup: vi.fn(), submit: vi.fn(async () => ({})) }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: async () => ({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => ({ confirmSetup: stripe.confirmSetup }),
  useElements: () => ({ submit: stripe.submit }),
}));

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
      on('GET', '/api/payments/config', { body: makePaymentsConfig() }),
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

  it('updates the card with Stripe Elements: a SetupIntent from the server, confirmed by Stripe, then made the default', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const calls = fakeServer(
      on('GET', '/api/my-subscription', { body: subscription() }),
      on('GET', '/api/payments/config', {
        body: {
          provider: 'stripe',
          publishableKey: 'pk_test_1',
          testMode: true,
          plan: { id: 'claim', name: 'Business Directory Access', amount: 7500, currency: 'usd', interval: 'year' },
          testCards: [],
        },
      }),
      on('POST', '/api/my-subscription/card', {
        body: {
          message: 'Enter the new card to save it',
          subscription: subscription(),
          setupIntentId: 'seti_1',
          clientSecret: 'seti_1_secret_x',
        },
      }),
      on('POST', '/api/my-subscription/card/confirm', {
        body: {
          message: 'Card updated: your renewals are charged to it',
          subscription: subscription({ card: { brand: 'mastercard', last4: '4444' } }),
        },
      }),
    );
    const { user } = renderAt(<BillingTab companyId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await expectToast('Card updated: your renewals are charged to it');
    await waitFor(() => expect(screen.getByText('Mastercard ending in 4444')).toBeInTheDocument());
    expect(stripe.confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { url: '/api/my-subscription/card', body: { companyId: 'c1' } },
      { url: '/api/my-subscription/card/confirm', body: { companyId: 'c1', setupIntentId: 'seti_1' } },
    ]);
  });
});
