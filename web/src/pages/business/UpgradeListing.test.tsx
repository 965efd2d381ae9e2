import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOwnerCompany, makePaymentsConfig } from '../../test/fixtures';
import { analytics, fakeServer, on, renderAt, visitorServer } from '../../test/render';
import BusinessRegistrationPage from './BusinessRegistrationPage';

const owner = on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } });
const mine = on('GET', '/api/my-companies', {
  body: [makeOwnerCompany({ id: 'free1', name: 'Free Ride Limo', claimed: false, subscriptionInfo: null })],
});
const config = on('GET', '/api/payments/config', { body: makePaymentsConfig() });
const intent = on('POST', '/api/create-payment-intent', {
  body: {
    clientSecret: 'pi_9_secret_x',
    paymentIntentId: 'pi_9',
    subscriptionId: 'sub_9',
    plan: 'claim',
    amount: 7500,
    currency: 'usd',
    provider: 'simulator',
    testMode: true,
  },
});
const route = { route: '/business-registration?companyId=free1', path: '/business-registration' };

// Issue 17, defect 5 (web part): there was no Upgrade, and paying at /business-registration made a copy.
describe('/business-registration?companyId= (the Upgrade of a free listing)', () => {
  it('pays for the owner’s existing company: no form, no new listing, the companyId sent with the payment', async () => {
    const calls = fakeServer(owner, analytics, mine, config, intent);
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade Free Ride Limo' })).toBeInTheDocument();
    expect(screen.getByText(/No second copy of your company is created/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Company Name/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard?company=free1');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByTestId('test-mode-note')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/create-payment-intent')?.body).toMatchObject({
      plan: 'listing',
      companyId: 'free1',
      metadata: { type: 'business_listing', companyName: 'Free Ride Limo', email: 'owner@example.com' },
    });
    expect(calls.some((c) => c.url === '/api/create-business-listing' || c.url === '/api/register-business-listing')).toBe(false);
  });

  it('refuses a company that is not the owner’s, and asks a visitor to sign in', async () => {
    fakeServer(owner, analytics, on('GET', '/api/my-companies', { body: [] }), config);
    const first = renderAt(<BusinessRegistrationPage />, route);
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    first.unmount();

    visitorServer(config);
    renderAt(<BusinessRegistrationPage />, route);
    expect(await screen.findByRole('heading', { name: 'Sign in to upgrade' })).toBeInTheDocument();
  });
});
