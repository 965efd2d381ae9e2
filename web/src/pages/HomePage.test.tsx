import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCompany } from '../test/fixtures';
import { analytics, currentLocation, fakeServer, on, renderAt, signedOut, type Call } from '../test/render';
import HomePage from './HomePage';

const page = (count: number, offset = 0) => Array.from({ length: count }, (_, i) => makeCompany({ id: `c${offset + i + 1}`, name: `Company ${offset + i + 1}` }));
const searches = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/companies?') && !c.url.includes('limit=1&') && !c.url.endsWith('limit=1'));

describe('home /', () => {
  it('pages through the server total: "Page X of Y - Showing N companies"', async () => {
    const calls = fakeServer(
      signedOut,
      analytics,
      on('GET', '/api/companies', (call) => {
        const p = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return { body: p === 3 ? page(10, 30) : page(15, (p - 1) * 15), headers: { 'X-Total-Count': '40' } };
      }),
    );
    const { user } = renderAt(<HomePage />, { route: '/', path: '/' });
    expect(await screen.findByText('Page 1 of 3 - Showing 15 companies')).toBeInTheDocument();
    expect(screen.getAllByTestId('company-card')).toHaveLength(15);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: '3' }));
    expect(await screen.findByText('Page 3 of 3 - Showing 10 companies')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(currentLocation()).toBe('/?page=3');
    expect(searches(calls).at(-1)?.url).toContain('page=3&limit=15');
  });

  it('hands the whole filter set to the search on Search, back to page 1, and records the search', async () => {
    const calls = fakeServer(signedOut, analytics, on('GET', '/api/companies', { body: page(3), headers: { 'X-Total-Count': '3' } }));
    const { user } = renderAt(<HomePage />, { route: '/?page=2', path: '/' });
    await screen.findAllByTestId('company-card');
    await user.type(screen.getByLabelText('Location'), 'Miami, FL');
    await user.selectOptions(screen.getByLabelText('Service Type'), 'Airport Transfer');
    await user.selectOptions(screen.getByLabelText('Distance'), '50');
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    await user.click(screen.getByRole('checkbox', { name: 'SUV Limo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    await user.selectOptions(screen.getByLabelText('Price Range'), '$$$');
    await user.selectOptions(screen.getByLabelText('Minimum Rating'), '4');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches(calls).at(-1)?.url).toContain('location=Miami%2C+FL'));
    const query = Object.fromEntries(new URL(searches(calls).at(-1)!.url, 'http://x').searchParams);
    expect(query).toEqual({ location: 'Miami, FL', serviceType: 'Airport Transfer', distance: '50', vehicleTypes: 'SUV Limo', priceRange: '$$$', minRating: '4', page: '1', limit: '15' });
    const event = calls.find((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'search')?.body as Record<string, string>;
    expect(event.searchQuery).toBe('Miami, FL');
    expect(JSON.parse(event.searchFilters)).toMatchObject({ location: 'Miami, FL', vehicleTypes: ['SUV Limo'] });
    expect(screen.getByRole('heading', { name: 'Limousine Companies near Miami, FL' })).toBeInTheDocument();
  });

  it('shows three skeleton cards while loading, then the empty state whose Clear Filters resets the search', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    fakeServer(signedOut, analytics, on('GET', '/api/companies', { body: [], headers: { 'X-Total-Count': '0' } }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).startsWith('/api/companies?location')) await gate;
      return realFetch(...args);
    });
    const { user } = renderAt(<HomePage />, { route: '/?location=Nowhere%2C+ZZ&priceRange=%24', path: '/' });
    expect(await screen.findAllByTestId('company-card-skeleton')).toHaveLength(3);
    release();
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(screen.getByLabelText('Price Range')).toHaveValue('any');
  });

  it('shows the error card after the retries fail', async () => {
    fakeServer(signedOut, analytics, on('GET', '/api/companies', { status: 500, body: { message: 'down' } }));
    renderAt(<HomePage />, { route: '/', path: '/' });
    expect(await screen.findByText('Error Loading Companies', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('renders the card rules of §2', async () => {
    fakeServer(
      signedOut,
      analytics,
      on('GET', '/api/companies', {
        body: [
          makeCompany({ id: 'a', name: 'Rated Co', featured: true }),
          makeCompany({ id: 'b', name: 'Plain Co', featured: false, rating: 0, reviewCount: 0, phone: null, priceRange: null, description: null, city: null, state: null, claimed: true, hourlyRateStart: null }),
        ],
        headers: { 'X-Total-Count': '2' },
      }),
    );
    renderAt(<HomePage />, { route: '/', path: '/' });
    const [rated, plain] = await screen.findAllByTestId('company-card');
    expect(within(rated).getByText('PREMIUM')).toBeInTheDocument();
    expect(within(rated).getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(within(rated).getByText('Starting at $95/hr')).toBeInTheDocument();
    expect(within(rated).getAllByText(/Wedding|Airport Transfer|Corporate Events|Proms/)).toHaveLength(3);
    expect(within(rated).getByRole('link', { name: 'Claim Business ($75)' })).toHaveAttribute('href', '/claim-business?companyId=a');
    expect(within(rated).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/company/a');
    expect(within(rated).getByRole('link', { name: 'Call Now' })).toBeInTheDocument();

    expect(within(plain).queryByText('PREMIUM')).not.toBeInTheDocument();
    expect(within(plain).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(within(plain).getByText('$$$')).toBeInTheDocument();
    expect(within(plain).getByText('Professional limousine services for all occasions.')).toBeInTheDocument();
    expect(within(plain).getByText('Location not specified')).toBeInTheDocument();
    expect(within(plain).queryByRole('link', { name: 'Call Now' })).not.toBeInTheDocument();
    expect(within(plain).queryByRole('link', { name: /Claim Business/ })).not.toBeInTheDocument();
  });

  it('has the stats strip, the business pitch and the floating city quote button', async () => {
    fakeServer(signedOut, analytics, on('GET', '/api/companies', { body: page(1), headers: { 'X-Total-Count': '1900' } }));
    renderAt(<HomePage />, { route: '/', path: '/' });
    await waitFor(() => expect(screen.getByTestId('listed-count')).toHaveTextContent('1,900'));
    expect(screen.getByText('450+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Request City Quotes' })).toHaveAttribute('href', '/request-city-quote');
    expect(screen.getByRole('button', { name: 'Find Companies Near Me' })).toBeInTheDocument();
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeInTheDocument();
  });
});
