import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOwnerCompany } from '../test/fixtures';
import { analytics, currentLocation, fakeServer, on, renderAt } from '../test/render';
import DashboardPage from './DashboardPage';

const owner = on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } });
const route = { route: '/dashboard', path: '/dashboard' };
const freeListing = makeOwnerCompany({
  id: 'free1',
  name: 'Free Ride Limo',
  claimed: false,
  businessVerified: false,
  subscriptionInfo: null,
});

// Issue 17, defect 3: a free listing showed "Business Claim Pending Verification — Payment received".
describe('/dashboard of a free listing', () => {
  it('says "Free listing · unverified", what $75/year adds, and offers the Upgrade to the paid flow for this company', async () => {
    fakeServer(owner, analytics, on('GET', '/api/my-companies', { body: [freeListing] }));
    renderAt(<DashboardPage />, route);
    const banner = await screen.findByTestId('state-banner');
    expect(banner).toHaveTextContent('Free listing · unverified');
    expect(banner).toHaveTextContent('Upgrade to the paid listing ($75/year, cancel anytime)');
    expect(banner).toHaveTextContent('Verified Owner badge');
    expect(banner).not.toHaveTextContent(/Payment received|Claim Pending/);
    expect(within(banner).getByRole('link', { name: 'Upgrade for $75/year' })).toHaveAttribute(
      'href',
      '/business-registration?companyId=free1',
    );
    expect(document.body.textContent).not.toMatch(/Payment received/);
  });

  it('keeps the paid states as they were (a claim or paid listing is not called free)', async () => {
    fakeServer(owner, analytics, on('GET', '/api/my-companies', { body: [makeOwnerCompany({ claimed: true })] }));
    renderAt(<DashboardPage />, route);
    const banner = await screen.findByTestId('state-banner');
    expect(banner).not.toHaveTextContent('Free listing');
    expect(within(banner).queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });
});

// Issue 17, defect 5 (dashboard part): the dashboard showed the first company only.
describe('/dashboard of an owner with several companies', () => {
  const paid = makeOwnerCompany({ id: 'paid1', name: 'Paid Stretch Co', city: 'Tampa', state: 'FL', claimed: true });
  const companies = on('GET', '/api/my-companies', { body: [freeListing, paid] });

  it('lists them in a switcher and shows the one picked, remembered in the URL', async () => {
    fakeServer(owner, analytics, companies);
    const { user } = renderAt(<DashboardPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Ride Limo' })).toBeInTheDocument();
    const switcher = within(screen.getByTestId('company-switcher')).getByRole('combobox', { name: /Your companies \(2\)/ });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Free Ride Limo · Miami, FL', 'Paid Stretch Co · Tampa, FL']);
    expect(switcher).toHaveValue('free1');
    expect(screen.getByTestId('state-banner')).toHaveTextContent('Free listing · unverified');

    await user.selectOptions(switcher, 'paid1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid Stretch Co' })).toBeInTheDocument();
    expect(screen.getByTestId('state-banner')).not.toHaveTextContent('Free listing');
    expect(screen.getByRole('link', { name: /View public page/ })).toHaveAttribute('href', '/company/paid1');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?company=paid1'));
  });

  it('opens on the company named by ?company= (the Upgrade and payment flows come back to it)', async () => {
    fakeServer(owner, analytics, companies);
    renderAt(<DashboardPage />, { route: '/dashboard?company=paid1', path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid Stretch Co' })).toBeInTheDocument();
  });

  it('shows no switcher to an owner of one company', async () => {
    fakeServer(owner, analytics, on('GET', '/api/my-companies', { body: [paid] }));
    renderAt(<DashboardPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paid Stretch Co' })).toBeInTheDocument();
    expect(screen.queryByTestId('company-switcher')).not.toBeInTheDocument();
  });

  it('shows the quotes of the company picked, not of the first (issue 17)', async () => {
    const calls = fakeServer(
      owner,
      analytics,
      companies,
      on('GET', '/api/quote-requests', { body: [], headers: { 'X-Total-Count': '0' } }),
      on('GET', '/api/quote-requests/summary', {
        body: { companyId: 'paid1', companyName: 'Paid Stretch Co', total: 0, responseTime: null },
      }),
    );
    renderAt(<DashboardPage />, { route: '/dashboard?company=paid1&tab=quotes', path: '/dashboard' });
    expect(await screen.findByTestId('quotes-total')).toHaveTextContent('0 requests');
    const quoteCalls = calls.filter((c) => c.url.startsWith('/api/quote-requests')).map((c) => c.url);
    expect(quoteCalls).toContain('/api/quote-requests?companyId=paid1&page=1');
    expect(quoteCalls).toContain('/api/quote-requests/summary?companyId=paid1');
    expect(quoteCalls.every((url) => url.includes('companyId=paid1'))).toBe(true);
  });
});
