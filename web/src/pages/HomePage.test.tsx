import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCompany } from '../test/fixtures';
import { currentLocation, on, renderAt, visitorServer, type Call } from '../test/render';
import HomePage from './HomePage';

const page = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => makeCompany({ id: `c${offset + i + 1}`, name: `Company ${offset + i + 1}` }));
/** Makes the browser report the search hero as on or off screen. */
function heroOnScreen(onScreen: boolean) {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback([{ isIntersecting: onScreen, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    },
  );
}

const searches = (calls: Call[]) =>
  calls.filter((c) => c.url.startsWith('/api/companies?') && !c.url.includes('limit=1&') && !c.url.endsWith('limit=1'));

describe('home /', () => {
  it('pages through the server total: "Page X of Y - Showing N companies"', async () => {
    const calls = visitorServer(
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
    const calls = visitorServer(on('GET', '/api/companies', { body: page(3), headers: { 'X-Total-Count': '3' } }));
    const { user } = renderAt(<HomePage />, { route: '/?page=2', path: '/' });
    await screen.findAllByTestId('company-card');
    // The suggestions' code loads once the page is idle, and the field becomes the combobox.
    await user.type(await screen.findByRole('combobox', { name: 'Location' }), 'Miami, FL');
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
    expect(query).toEqual({
      location: 'Miami, FL',
      serviceType: 'Airport Transfer',
      distance: '50',
      vehicleTypes: 'SUV Limo',
      priceRange: '$$$',
      minRating: '4',
      page: '1',
      limit: '15',
    });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'search')).toBe(true),
    );
    const event = calls.find((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'search')
      ?.body as Record<string, string>;
    expect(event.companyIds).toEqual(['c1', 'c2', 'c3']);
    expect(event.searchQuery).toBe('Miami, FL');
    expect(JSON.parse(event.searchFilters)).toMatchObject({ location: 'Miami, FL', vehicleTypes: ['SUV Limo'] });
    expect(screen.getByRole('heading', { name: 'Limousine Companies near Miami, FL' })).toBeInTheDocument();
  });

  it('filters on the Verified Owner badge: the checkbox sends verifiedOwner=true and the URL keeps it', async () => {
    const verified = makeCompany({ id: 'v1', name: 'Verified Limo', verifiedOwner: true });
    const calls = visitorServer(on('GET', '/api/companies', { body: [verified], headers: { 'X-Total-Count': '1' } }));
    const { user } = renderAt(<HomePage />, { route: '/', path: '/' });
    const box = await screen.findByRole('checkbox', { name: 'Verified Owners only' });
    expect(box).not.toBeChecked();
    expect(searches(calls).at(-1)?.url).not.toContain('verifiedOwner');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches(calls).at(-1)?.url).toContain('verifiedOwner=true'));
    await waitFor(() => expect(currentLocation()).toBe('/?verifiedOwner=true'));
    expect(within(screen.getAllByTestId('company-card')[0]).getByText('Verified Owner')).toBeInTheDocument();
  });

  it('opens a search link with verifiedOwner=true with the box ticked', async () => {
    const calls = visitorServer(on('GET', '/api/companies', { body: [], headers: { 'X-Total-Count': '0' } }));
    renderAt(<HomePage />, { route: '/?verifiedOwner=true', path: '/' });
    expect(await screen.findByRole('checkbox', { name: 'Verified Owners only' })).toBeChecked();
    await waitFor(() => expect(searches(calls).at(-1)?.url).toContain('verifiedOwner=true'));
  });

  it('shows three skeleton cards while loading, then the empty state whose Clear Filters resets the search', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    visitorServer(on('GET', '/api/companies', { body: [], headers: { 'X-Total-Count': '0' } }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).startsWith('/api/companies?location')) await gate;
      return realFetch(...args);
    };
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
    visitorServer(on('GET', '/api/companies', { status: 500, body: { message: 'down' } }));
    renderAt(<HomePage />, { route: '/', path: '/' });
    expect(await screen.findByText('Error Loading Companies', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('renders the card rules of §2', async () => {
    visitorServer(
      on('GET', '/api/companies', {
        body: [
          makeCompany({ id: 'a', name: 'Rated Co', featured: true }),
          makeCompany({
            id: 'b',
            name: 'Plain Co',
            featured: false,
            rating: 0,
            reviewCount: 0,
            phone: null,
            priceRange: null,
            description: null,
            city: null,
            state: null,
            // A free listing: owned, not claimed (issue 17) — nobody else is offered to claim it.
            owned: true,
            hourlyRateStart: null,
          }),
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
    visitorServer(on('GET', '/api/companies', { body: page(1), headers: { 'X-Total-Count': '1900' } }));
    heroOnScreen(false);
    renderAt(<HomePage />, { route: '/', path: '/' });
    await waitFor(() => expect(screen.getByTestId('listed-count')).toHaveTextContent('1,900'));
    expect(screen.getByText('450+')).toBeInTheDocument();
    // Issue 17, defect 4: the $75/year card led (through /subscribe) to the free form; it opens the paid flow.
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/business-registration');
    expect(screen.getByRole('link', { name: 'Request City Quotes' })).toHaveAttribute('href', '/request-city-quote');
    expect(screen.getByRole('button', { name: 'Find Companies Near Me' })).toBeInTheDocument();
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeInTheDocument();
  });

  it('keeps the floating button off the search filters and the Sort-by control while the hero is on screen', async () => {
    visitorServer(on('GET', '/api/companies', { body: page(1), headers: { 'X-Total-Count': '1' } }));
    heroOnScreen(true);
    renderAt(<HomePage />, { route: '/', path: '/' });
    await screen.findAllByTestId('company-card');
    expect(screen.queryByRole('link', { name: 'Request City Quotes' })).not.toBeInTheDocument();
  });

  it('shows the typed place, not the detected one, above the results and in the local sections', async () => {
    visitorServer(on('GET', '/api/companies', { body: page(2), headers: { 'X-Total-Count': '2' } }));
    stubGeolocation(true);
    fakeReverse('Miami', 'FL');
    renderAt(<HomePage />, { route: '/?location=Dallas%2C+TX', path: '/' });
    expect(await screen.findByRole('heading', { name: 'Limousine Companies near Dallas, TX' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Limousine Service in Dallas, TX' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(/Showing companies near Miami/)).not.toBeInTheDocument();
    expect(screen.queryByText(/(near|in) Miami/)).not.toBeInTheDocument();
  });

  it('"Find Companies Near Me" replaces a typed location with the visitor\'s city', async () => {
    const calls = visitorServer(on('GET', '/api/companies', { body: page(2), headers: { 'X-Total-Count': '2' } }));
    stubGeolocation(true);
    fakeReverse('Miami', 'FL');
    const { user } = renderAt(<HomePage />, { route: '/?location=Dallas%2C+TX', path: '/' });
    await screen.findByRole('heading', { name: 'Limousine Companies near Dallas, TX' });
    await user.click(screen.getByRole('button', { name: 'Find Companies Near Me' }));
    expect(await screen.findByRole('heading', { name: 'Limousine Companies near Miami, FL' })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.getByText('Showing companies near Miami, FL')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(searches(calls).at(-1)?.url).toContain('userLocation=');
  });
});

/** A browser that grants geolocation and sits in Miami. */
function stubGeolocation(granted: boolean) {
  vi.stubGlobal('navigator', {
    userAgent: navigator.userAgent,
    permissions: { query: async () => ({ state: granted ? 'granted' : 'denied' }) },
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 25.76, longitude: -80.19 } } as GeolocationPosition),
    },
  });
}

/** Adds the offline reverse geocode to the fake server already installed. */
function fakeReverse(city: string, state: string) {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith('/api/geo/reverse')
      ? new Response(JSON.stringify({ label: `${city}, ${state}`, city, state, latitude: 25.76, longitude: -80.19 }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      : inner(input, init),
  );
}
