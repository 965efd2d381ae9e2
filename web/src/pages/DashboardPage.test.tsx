import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAnonymousReview, makeOwnerCompany, makeQuote } from '../test/fixtures';
import { analytics, expectToast, fakeServer, on, renderAt, visitorServer } from '../test/render';
import DashboardPage from './DashboardPage';
import { checkImage } from './dashboard/imageRules';
import { ImagesTab } from './dashboard/ImagesTab';
import { ProfileTab } from './dashboard/ProfileTab';

const owner = on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } });
const mine = (overrides = {}) => on('GET', '/api/my-companies', { body: [makeOwnerCompany(overrides)] });
const figures = (n: number) => ({ profileViews: 10 * n, searchAppearances: 40 * n, quoteRequests: 2 * n, callClicks: n, websiteClicks: n });
const analyticsAnswer = on('GET', '/api/my-companies/c1/analytics', (call) => {
  const days = Number(new URL(call.url, 'http://x').searchParams.get('days'));
  return {
    body: {
      companyId: 'c1',
      days,
      totals: figures(days === 365 ? 12 : 3),
      previousPeriod: figures(2),
      daily: [{ date: '2026-11-20', ...figures(1) }],
      responseTime: null,
    },
  };
});
const summary = on('GET', '/api/quote-requests/summary', {
  body: {
    companyId: 'c1',
    companyName: 'Sunshine Limousines',
    total: 17,
    responseTime: { medianMinutes: 135, sampleSize: 4, computedAt: '2026-11-20T00:00:00Z' },
  },
});
const route = { route: '/dashboard', path: '/dashboard' };

describe('/dashboard', () => {
  it('asks a visitor to log in: "Business Access Required"', async () => {
    visitorServer();
    renderAt(<DashboardPage />, route);
    expect(await screen.findByRole('heading', { name: 'Business Access Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('sends an owner without a company to registration: "No Business Listing Found"', async () => {
    fakeServer(owner, analytics, on('GET', '/api/my-companies', { body: [] }));
    renderAt(<DashboardPage />, route);
    expect(await screen.findByRole('heading', { name: 'No Business Listing Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Your Business' })).toHaveAttribute('href', '/business-registration');
  });

  it.each([
    [
      { claimed: true, businessVerified: true },
      'Business Listing Active',
      ['Overview', 'Quotes', 'Public View', 'Edit Profile', 'Manage Images', 'Credentials', 'Reviews', 'Billing'],
    ],
    [
      { claimed: true, businessVerified: false },
      'Business Claim Pending Verification',
      ['Overview', 'Quotes', 'Public View', 'Request Changes', 'Request Image Updates', 'Credentials', 'Reviews', 'Billing'],
    ],
  ])('shows the banner and the eight tabs (Credentials: issue 21) for %j', async (state, banner, tabs) => {
    fakeServer(owner, analytics, mine(state), summary, analyticsAnswer);
    renderAt(<DashboardPage />, route);
    expect(await screen.findByTestId('state-banner')).toHaveTextContent(banner);
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(tabs);
  });

  it('right after paying a claim reads "Active · verification pending", not "No subscription yet"', async () => {
    const subscriptions = on('GET', '/api/subscriptions', {
      body: [
        {
          subscriptionId: 'sub_1',
          companyId: 'c1',
          userId: 'u1',
          status: 'active',
          currentPeriodEnd: '2027-11-25T00:00:00Z',
          cancelAtPeriodEnd: false,
          canceledAt: null,
          createdAt: '2026-11-25T00:00:00Z',
          amount: 7500,
          provider: 'simulator',
          verification: 'pending',
        },
      ],
    });
    fakeServer(owner, analytics, mine({ subscriptionInfo: null }), summary, analyticsAnswer, subscriptions);
    renderAt(<DashboardPage />, route);
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active · verification pending'));
    expect(screen.getByTestId('subscription-status')).not.toHaveTextContent('No subscription yet');
  });

  it('shows listing analytics for 30 days and 12 months, the subscription and its renewal date', async () => {
    const calls = fakeServer(owner, analytics, mine(), summary, analyticsAnswer);
    const { user } = renderAt(<DashboardPage />, route);
    expect(await screen.findByTestId('figure-profileViews')).toHaveTextContent('Listing views30+50% vs previous 30 days');
    expect(screen.getByTestId('figure-searchAppearances')).toHaveTextContent('120');
    expect(screen.getByTestId('figure-callClicks')).toHaveTextContent('Calls3');
    expect(screen.getByTestId('figure-websiteClicks')).toHaveTextContent('Website clicks3');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active$75/year · renews Jan 10, 2027');
    expect(screen.getByTestId('stat-quotes')).toHaveTextContent('17');
    expect(screen.getByTestId('stat-response')).toHaveTextContent('2 h 15 min');
    await user.click(screen.getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(screen.getByTestId('figure-profileViews')).toHaveTextContent('Listing views120+500% vs previous 12 months'));
    expect(calls.some((c) => c.url.endsWith('/analytics?days=365'))).toBe(true);
  });

  it('lists quotes 15 a page newest first with their lead state, marks one contacted and deletes one', async () => {
    const quotes = [
      makeQuote(),
      makeQuote({
        id: 'q2',
        customerName: 'Sam Park',
        status: 'contacted',
        firstViewedAt: '2026-11-20T11:00:00Z',
        contactedAt: '2026-11-20T12:00:00Z',
      }),
    ];
    const calls = fakeServer(
      owner,
      analytics,
      mine(),
      summary,
      analyticsAnswer,
      on('GET', '/api/quote-requests', { body: quotes, headers: { 'X-Total-Count': '17' } }),
      on('PUT', '/api/quote-requests/q1', { body: { ...quotes[0], status: 'contacted' } }),
      on('DELETE', '/api/quote-requests/q2', { body: { message: 'Quote request deleted' } }),
    );
    const { user } = renderAt(<DashboardPage />, { route: '/dashboard?tab=quotes', path: '/dashboard' });
    const [first, second] = await screen.findAllByTestId('quote-card');
    expect(screen.getByTestId('quotes-total')).toHaveTextContent('17 requests, newest first');
    expect(screen.getByTestId('response-time')).toHaveTextContent('2 h 15 min');
    expect(within(first).getByLabelText('Lead state')).toHaveTextContent('Delivered Viewed — Contacted —');
    expect(first).toHaveTextContent('Sunday, December 20, 2026 at 7:15 AM');
    expect(within(second).getByRole('button', { name: /Contacted/ })).toBeDisabled();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '2' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/quote-requests?'))?.url).toMatch(/^\/api\/quote-requests\?companyId=[^&]+&page=1$/);

    await user.click(within(first).getByRole('button', { name: 'Mark Contacted' }));
    await expectToast('Quote status updated successfully!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'contacted' });

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Quote deleted successfully!');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/quote-requests/q2')).toBe(true);
  });

  it.each([
    ['PUT', 'Mark Contacted', 'Error updating quote status'],
    ['DELETE', 'Delete', 'Error deleting quote'],
  ])('shows the §8 toast when %s fails', async (method, button, title) => {
    fakeServer(
      owner,
      analytics,
      mine(),
      summary,
      analyticsAnswer,
      on('GET', '/api/quote-requests', { body: [makeQuote()], headers: { 'X-Total-Count': '1' } }),
      on(method, '/api/quote-requests/q1', { status: 500, body: {} }),
    );
    const { user } = renderAt(<DashboardPage />, { route: '/dashboard?tab=quotes', path: '/dashboard' });
    const card = await screen.findByTestId('quote-card');
    await user.click(within(card).getByRole('button', { name: button }));
    if (method === 'DELETE') await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(title, 'Please try again');
  });

  it('shows every review, pending ones as awaiting approval', async () => {
    fakeServer(
      owner,
      analytics,
      mine(),
      on('GET', '/api/companies/c1/reviews', {
        body: [
          {
            id: 'r1',
            companyId: 'c1',
            rating: 5,
            comment: 'Great',
            reviewerName: 'Ana',
            status: 'pending',
            createdAt: '2026-11-01T00:00:00Z',
            verifiedCustomer: false,
            reply: null,
            ownerReply: null,
            flags: [],
          },
          {
            ...makeAnonymousReview('2026-10-01T00:00:00Z'),
            ownerReply: { text: 'Thanks!', status: 'pending', createdAt: '2026-10-02T00:00:00Z', updatedAt: '2026-10-02T00:00:00Z' },
            flags: [],
          },
        ],
      }),
    );
    renderAt(<DashboardPage />, { route: '/dashboard?tab=reviews', path: '/dashboard' });
    expect(await screen.findByRole('article', { name: 'Review by Ana' })).toHaveTextContent('Awaiting approval');
    const anonymous = screen.getByRole('article', { name: 'Review by Anonymous' });
    expect(anonymous).toHaveTextContent('approved');
    // The owner's reply, waiting for the admins, with edit, delete and flag (issue 21).
    expect(anonymous).toHaveTextContent('Thanks!');
    expect(anonymous).toHaveTextContent('Reply awaiting approval');
    for (const name of ['Edit reply', 'Delete reply', 'Flag review'])
      expect(within(anonymous).getByRole('button', { name })).toBeInTheDocument();
    // A pending review cannot be replied to yet.
    expect(within(screen.getByRole('article', { name: 'Review by Ana' })).queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

describe('owner profile', () => {
  const renderProfile = (verified: boolean, reply: { status?: number; body?: unknown }, reload = vi.fn()) => {
    const calls = fakeServer(owner, analytics, on('PUT', '/api/companies/c1', reply));
    const view = renderAt(<ProfileTab company={makeOwnerCompany({ businessVerified: verified })} verified={verified} reload={reload} />);
    return { calls, ...view };
  };

  it('is read-only until Edit, and Cancel puts the values back', async () => {
    const { user } = renderProfile(true, { body: {} });
    const name = screen.getByLabelText(/Company Name/);
    expect(name).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(name).not.toHaveAttribute('readonly');
    await user.clear(name);
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(name).toHaveValue('Sunshine Limousines');
    expect(name).toHaveAttribute('readonly');
  });

  it.each([
    ['email', /^Email/, 'bad', 'Please enter a valid email address'],
    ['website', /^Website/, 'not a url', 'Please enter a valid website URL'],
  ])('checks the %s on change', async (_field, label, value, message) => {
    const { user } = renderProfile(true, { body: {} });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('saves a verified business and reloads after 1 second', async () => {
    const reload = vi.fn();
    const { user, calls } = renderProfile(true, { body: makeOwnerCompany() }, reload);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText(/Company Name/));
    await user.type(screen.getByLabelText(/Company Name/), 'Sunshine Limo Co');
    await user.click(screen.getByRole('checkbox', { name: 'Funeral' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Company information updated successfully!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Sunshine Limo Co',
      services: expect.arrayContaining(['wedding', 'funeral']),
    });
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
  });

  it("sends an unverified owner's edit as a change request (202)", async () => {
    const { user } = renderProfile(false, { status: 202, body: { message: 'Change request submitted', changeRequest: {} } });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText(/^Phone/), '1');
    await user.click(screen.getByRole('button', { name: 'Submit Change Request' }));
    await expectToast('Change Request Submitted', 'Our team will review your changes within 1-2 business days.');
    expect(screen.getByText(/Your change request was sent/)).toBeInTheDocument();
  });

  it('shows "Error updating company" with the server message', async () => {
    const { user } = renderProfile(true, { status: 400, body: { message: 'Please select a valid price range' } });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Error updating company', 'Please select a valid price range');
  });
});

describe('image upload rules (§5)', () => {
  const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'pic', { type });
  const measure = (width: number, height: number) => async () => ({ width, height });
  it.each([
    ['a PDF', 'application/pdf', 10, [800, 600], 'Invalid file type', 'Please select an image file'],
    ['a GIF', 'image/gif', 10, [800, 600], 'Invalid file type', 'Please select an image file'],
    ['5MB + 1 byte', 'image/png', 5 * 1024 * 1024 + 1, [800, 600], 'File too large', 'Please select an image smaller than 5MB'],
    ['99 pixels wide', 'image/jpeg', 10, [99, 400], 'Image too small', "Please select an image that's at least 100x100 pixels"],
  ] as const)('refuses %s with "%s"', async (_case, type, bytes, [w, h], title, description) => {
    expect(await checkImage(file(type, bytes), measure(w, h))).toEqual({ title, description });
  });

  it('accepts jpeg, png and webp of 100x100 or more', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(await checkImage(file(type, 10), measure(100, 100))).toBeUndefined();
  });

  it.each([
    [true, 200, 'Image uploaded successfully!'],
    [false, 202, 'Image Update Requested'],
  ])('uploads, then updates the company (verified: %s)', async (verified, status, title) => {
    const calls = fakeServer(
      owner,
      analytics,
      on('POST', '/api/upload-image', { status: 201, body: { imageUrl: 'http://x/api/images/i1' } }),
      on('PUT', '/api/companies/c1', { status, body: {} }),
    );
    const { user } = renderAt(<ImagesTab company={makeOwnerCompany()} verified={verified} reload={vi.fn()} measure={measure(800, 600)} />);
    await user.upload(screen.getByLabelText('Choose an image'), file('image/png', 100));
    await expectToast(title);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageUrl: 'http://x/api/images/i1' });
  });

  it('shows "Upload failed" with the server message', async () => {
    fakeServer(
      owner,
      analytics,
      on('POST', '/api/upload-image', { status: 400, body: { message: 'The upload could not be read. Please try again.' } }),
    );
    const { user } = renderAt(<ImagesTab company={makeOwnerCompany()} verified reload={vi.fn()} measure={measure(800, 600)} />);
    await user.upload(screen.getByLabelText('Choose an image'), file('image/png', 100));
    await expectToast('Upload failed', 'The upload could not be read. Please try again.');
  });

  it('never sends a file that breaks a rule', async () => {
    const calls = fakeServer(
      owner,
      analytics,
      on('POST', '/api/upload-image', { status: 400, body: { message: 'Please select an image file' } }),
    );
    const { user } = renderAt(<ImagesTab company={makeOwnerCompany()} verified reload={vi.fn()} measure={measure(50, 50)} />);
    await user.upload(screen.getByLabelText('Choose an image'), file('image/png', 100));
    await expectToast('Image too small', "Please select an image that's at least 100x100 pixels");
    expect(calls.some((c) => c.url === '/api/upload-image')).toBe(false);
  });
});
