import { screen, within } from '@testing-library/react';
import type { CredentialVerification } from '@limo/contracts';
import { describe, expect, it } from 'vitest';
import AdminPage from '../AdminPage';
import { signedInAdmin } from '../../test/adminFixtures';
import { analytics, expectToast, fakeServer, on, rejectWithReason, renderAt } from '../../test/render';

const waiting = (overrides: Partial<CredentialVerification> = {}): CredentialVerification => ({
  companyId: 'c9',
  companyName: 'Harbor Limo',
  city: 'Miami',
  state: 'FL',
  ownerEmail: 'owner@harbor.example',
  usdotNumber: '1234567',
  permitNumber: 'FL-2291',
  insuranceCarrier: 'Progressive Commercial',
  insuranceExpiresOn: '2027-03-31',
  hasCertificate: true,
  certificateUrl: '/api/my-companies/c9/credentials/certificate',
  status: 'pending',
  rejectionReason: null,
  submittedAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

const QUEUE = '/api/admin/credential-verifications';

function renderTab(...handlers: ReturnType<typeof on>[]) {
  const calls = fakeServer(analytics, signedInAdmin, ...handlers);
  return { calls, ...renderAt(<AdminPage />, { route: '/admin?tab=credentials', path: '/admin' }) };
}

describe('admin Credentials tab (issue 21)', () => {
  it('lists the waiting credentials with their certificate; Approve verifies them', async () => {
    const { calls, user } = renderTab(
      on('GET', QUEUE, { body: [waiting()] }),
      on('POST', `${QUEUE}/c9/approve`, { body: { message: 'Credentials verified' } }),
    );
    expect(await screen.findByRole('tab', { name: /Credentials/, selected: true })).toBeInTheDocument();
    const item = await screen.findByTestId('credential-verification');
    expect(within(item).getByText(/USDOT 1234567 · Permit FL-2291/)).toBeInTheDocument();
    expect(within(item).getByText('Insured by Progressive Commercial until 2027-03-31')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /View certificate of Harbor Limo/ })).toHaveAttribute(
      'href',
      '/api/my-companies/c9/credentials/certificate',
    );
    await user.click(screen.getByRole('button', { name: 'Approve credentials of Harbor Limo' }));
    await expectToast('Credentials verified');
    expect(calls.some((c) => c.method === 'POST' && c.url === `${QUEUE}/c9/approve`)).toBe(true);
  });

  it('Reject asks for a reason and sends it', async () => {
    const { calls, user } = renderTab(
      on('GET', QUEUE, { body: [waiting()] }),
      on('POST', `${QUEUE}/c9/reject`, { body: { message: 'Credentials rejected' } }),
    );
    await rejectWithReason(user, calls, {
      button: 'Reject credentials of Harbor Limo',
      confirm: 'Reject Credentials',
      url: `${QUEUE}/c9/reject`,
      reason: 'The certificate has expired',
      toast: 'Credentials rejected',
    });
  });

  it('says when nothing waits', async () => {
    renderTab(on('GET', QUEUE, { body: [] }));
    expect(await screen.findByText('No credentials waiting for verification.')).toBeInTheDocument();
  });
});
