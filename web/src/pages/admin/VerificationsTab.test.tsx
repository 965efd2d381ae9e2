import { screen, waitFor, within } from '@testing-library/react';
import type { ListingVerification } from '@limo/contracts';
import { describe, expect, it } from 'vitest';
import AdminPage from '../AdminPage';
import { makeChangeRequest, signedInAdmin } from '../../test/adminFixtures';
import { analytics, expectToast, fakeServer, on, rejectWithReason, renderAt } from '../../test/render';

const listing = (overrides: Partial<ListingVerification> = {}): ListingVerification => ({
  companyId: 'c9',
  companyName: 'Harbor Limo',
  city: 'Miami',
  state: 'FL',
  phone: '(305) 555-0123',
  email: 'office@harbor.example',
  website: null,
  ownerId: 'u9',
  ownerEmail: 'owner@harbor.example',
  plan: 'paid',
  createdAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

const QUEUE = '/api/admin/listing-verifications';

function renderTab(tab: string, ...handlers: ReturnType<typeof on>[]) {
  const calls = fakeServer(analytics, signedInAdmin, ...handlers);
  return { calls, ...renderAt(<AdminPage />, { route: `/admin?tab=${tab}`, path: '/admin' }) };
}

describe('admin Verifications tab', () => {
  it('lists the waiting listings with owner, plan and contact; Approve verifies one', async () => {
    const { calls, user } = renderTab(
      'verifications',
      on('GET', QUEUE, { body: [listing(), listing({ companyId: 'c10', companyName: 'Free Ride Cars', plan: 'free', ownerEmail: null })] }),
      on('POST', `${QUEUE}/c9/approve`, { body: { message: 'Listing verified' } }),
    );
    expect(await screen.findByRole('tab', { name: /Verifications/, selected: true })).toBeInTheDocument();
    const items = await screen.findAllByTestId('listing-verification');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Harbor Limo')).toBeInTheDocument();
    expect(within(items[0]).getByText('Paid')).toBeInTheDocument();
    expect(within(items[0]).getByText(/owner@harbor\.example/)).toBeInTheDocument();
    expect(within(items[1]).getByText('Free')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve Harbor Limo' }));
    await expectToast('Listing verified');
    expect(calls.some((c) => c.method === 'POST' && c.url === `${QUEUE}/c9/approve`)).toBe(true);
  });

  it('Reject asks for a reason and sends it', async () => {
    const { calls, user } = renderTab(
      'verifications',
      on('GET', QUEUE, { body: [listing()] }),
      on('POST', `${QUEUE}/c9/reject`, { body: { message: 'Listing rejected' } }),
    );
    await rejectWithReason(user, calls, {
      button: 'Reject Harbor Limo',
      confirm: 'Reject Listing',
      url: `${QUEUE}/c9/reject`,
      reason: 'The phone does not answer',
      toast: 'Listing rejected',
    });
  });

  it('says when nothing waits', async () => {
    renderTab('verifications', on('GET', QUEUE, { body: [] }));
    expect(await screen.findByText('No listings waiting for verification.')).toBeInTheDocument();
  });
});

describe('admin Change Requests tab', () => {
  it('shows the live values beside the requested ones and blocks approving a stale request', async () => {
    renderTab(
      'change-requests',
      on('GET', '/api/admin/change-requests', {
        body: [
          makeChangeRequest({
            changes: { description: 'Old idea', hourlyRateStart: 79 },
            previous: { description: 'First', hourlyRateStart: 75 },
            current: { description: 'The newer description', hourlyRateStart: 89 },
            stale: true,
          }),
        ],
      }),
    );
    const item = await screen.findByTestId('change-request');
    expect(within(item).getByText('The newer description')).toBeInTheDocument();
    expect(within(item).getByText('89')).toBeInTheDocument();
    expect(within(item).getByText('79')).toBeInTheDocument();
    expect(within(item).getByText('The listing changed since this request; review it again.')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Approve the changes to Sunshine Limousines' })).toBeDisabled());
  });
});
