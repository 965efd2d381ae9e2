import type { AdminPayment, AdminSubscription } from '@limo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/adminFixtures';
import { fakeServer, on, renderAt } from '../../test/render';
import { PaymentsTab } from './PaymentsTab';
import { SubscriptionsTab } from './SubscriptionsTab';

const payment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'pi_1',
  provider: 'simulator',
  purpose: 'claim',
  plan: 'claim',
  amount: 7500,
  currency: 'usd',
  status: 'succeeded',
  lastError: null,
  payerEmail: 'dana@example.com',
  payerUserId: null,
  companyId: 'c1',
  companyName: 'Sunshine Limousines',
  claim: null,
  listing: null,
  upgrade: false,
  subscriptionId: 'sub_1',
  createdAt: '2026-11-20T10:00:00.000Z',
  succeededAt: '2026-11-20T10:01:00.000Z',
  refund: null,
  ...overrides,
});

const subscription: AdminSubscription = {
  subscriptionId: 'sub_1',
  companyId: 'c1',
  userId: 'u1',
  status: 'active',
  currentPeriodEnd: '2027-11-20T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  amount: 7500,
  provider: 'simulator',
  companyName: 'Sunshine Limousines',
  email: 'dana@example.com',
};

describe('admin Payments tab', () => {
  it('shows the ledger (an orphaned charge included), searches, and refunds after a confirmation', async () => {
    const calls = fakeServer(
      signedInAdmin,
      on('GET', '/api/admin/payments', { body: [payment()] }),
      on('POST', '/api/admin/payments/pi_1/refund', {
        body: { message: 'Payment refunded; the subscription has ended.', payment: payment({ status: 'refunded' }) },
      }),
    );
    const { user } = renderAt(<PaymentsTab />);
    const row = await screen.findByTestId('payment-row');
    expect(row).toHaveTextContent('dana@example.com');
    expect(row).toHaveTextContent('Sunshine Limousines');
    expect(row).toHaveTextContent('Nothing yet');
    expect(row).toHaveTextContent('$75.00');

    await user.type(screen.getByRole('textbox', { name: 'Search payments' }), 'dana');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/payments?q=dana')).toBe(true));

    const searched = await screen.findByTestId('payment-row');
    await user.click(within(searched).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('$75.00 goes back to dana@example.com');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/payments/pi_1/refund')).toBe(true));
  });
});

describe('admin Payments tab: what a payment paid for', () => {
  it('names a claim, a new listing and the upgrade of a free listing', async () => {
    fakeServer(
      signedInAdmin,
      on('GET', '/api/admin/payments', {
        body: [
          payment({ id: 'pi_claim', claim: { id: 'cl1', status: 'approved' } }),
          payment({ id: 'pi_listing', purpose: 'business_listing', listing: { id: 'l1', status: 'paid' } }),
          payment({ id: 'pi_upgrade', purpose: 'business_listing', upgrade: true }),
        ],
      }),
    );
    renderAt(<PaymentsTab />);
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(3));
    const [claim, listing, upgrade] = screen.getAllByTestId('payment-row');
    expect(claim).toHaveTextContent('Claim (approved)');
    expect(listing).toHaveTextContent('Listing (paid)');
    expect(upgrade).toHaveTextContent('Upgrade of its free listing');
    expect(upgrade).not.toHaveTextContent('Nothing yet');
  });
});

describe('admin Payments tab paging', () => {
  it('asks the server for older payments 50 at a time', async () => {
    const calls = fakeServer(
      signedInAdmin,
      on('GET', '/api/admin/payments', (call) =>
        call.url.includes('page=2')
          ? { body: [payment({ id: 'pi_old', payerEmail: 'old@example.com' })] }
          : { body: Array.from({ length: 50 }, (_, i) => payment({ id: `pi_${i}` })) },
      ),
    );
    const { user } = renderAt(<PaymentsTab />);
    expect(await screen.findAllByTestId('payment-row')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Payments pages' });
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('old@example.com')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/payments?page=2')).toBe(true);
    expect(within(screen.getByRole('navigation', { name: 'Payments pages' })).getByRole('button', { name: 'Older' })).toBeDisabled();
  });
});

describe('admin Subscriptions tab', () => {
  it('shows company, amount, status and renewal, and cancels at the period end after a confirmation', async () => {
    const calls = fakeServer(
      signedInAdmin,
      on('GET', '/api/admin/subscriptions', { body: [subscription] }),
      on('POST', '/api/admin/subscriptions/sub_1/cancel', { body: { message: 'Cancelled', subscription } }),
    );
    const { user } = renderAt(<SubscriptionsTab />);
    const row = await screen.findByTestId('subscription-row');
    expect(row).toHaveTextContent('Sunshine Limousines');
    expect(row).toHaveTextContent('$75.00/year');
    expect(row).toHaveTextContent('active');
    expect(row).toHaveTextContent('Nov 20, 2027');
    await user.click(within(row).getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/admin/subscriptions/sub_1/cancel',
        body: { atPeriodEnd: true },
      }),
    );
  });
});
