import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminPage from './AdminPage';
import { makeChangeRequest, makeClaim, makeOwnerCompany, makeQuote, makeReview, signedInAdmin } from '../test/adminFixtures';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt, signedOut, type Call } from '../test/render';

type Handler = ReturnType<typeof on>;
type User = ReturnType<typeof userEvent.setup>;

const verified = makeOwnerCompany({ id: 'c1', name: 'Sunshine Limousines', verified: true });
const unverified = makeOwnerCompany({ id: 'c2', name: 'Moonlight Cars', verified: false, featured: false });

/** Every admin list answered with a little data, so each tab renders. */
const baseline: Handler[] = [
  analytics,
  signedInAdmin,
  on('GET', '/api/admin/stats', { body: { activeSubscriptions: 3, monthlyRevenue: 225, totalUsers: 7, businessUsers: 6, adminUsers: 1 } }),
  on('GET', '/api/admin/companies', { body: { companies: [verified, unverified], totalCount: 2 } }),
  on('GET', '/api/admin/companies-by-state', { body: [{ state: 'FL', count: 2 }] }),
  on('GET', '/api/admin/pending-reviews', { body: [makeReview()] }),
  on('GET', '/api/admin/all-reviews', { body: [makeReview()] }),
  on('GET', '/api/admin/subscribers', { body: [] }),
  on('GET', '/api/admin/subscriptions', { body: [] }),
  on('GET', '/api/admin/payments', { body: [] }),
  on('GET', '/api/admin/business-claims', { body: [makeClaim()] }),
  on('GET', '/api/admin/quote-requests', { body: { quoteRequests: [makeQuote()], total: 1, page: 1, totalPages: 1 } }),
  on('GET', '/api/admin/change-requests', { body: [makeChangeRequest()] }),
  on('GET', '/api/admin/api-keys', {
    body: { stripeSecretKey: 'sk_test_…4242', stripePublicKey: null, googleMapsApiKey: null, provider: 'simulator' },
  }),
];

function renderAdmin(tab: string, ...handlers: Handler[]) {
  const calls = fakeServer(...handlers, ...baseline);
  const route = tab === 'overview' ? '/admin' : `/admin?tab=${tab}`;
  return { calls, ...renderAt(<AdminPage />, { route, path: '/admin' }) };
}

/** Clicks a row's destructive button, then the confirming button of its dialog. */
async function confirm(user: User, buttonName: string | RegExp, confirmLabel: string) {
  await user.click((await screen.findAllByRole('button', { name: buttonName }))[0]);
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: confirmLabel }));
}

const ok = (body: unknown = { message: 'ok' }) => ({ body });
const fails = (status: number, message?: string) => ({ status, body: message ? { message } : undefined });

interface ToastCase {
  name: string;
  tab: string;
  handlers: Handler[];
  act(user: User): Promise<void>;
  title: string;
  description?: string;
  /** The call the action must have made. */
  call?: { method: string; url: string; body?: unknown };
}

// Every admin toast of owner-admin §8, success and failure.
const toastCases: ToastCase[] = [
  {
    name: 'approving a review',
    tab: 'reviews',
    handlers: [on('POST', '/api/admin/reviews/r1/approve', ok())],
    act: async (user) => user.click(await screen.findByRole('button', { name: "Approve Ana's review of Sunshine Limousines" })),
    title: 'Review approved successfully!',
    call: { method: 'POST', url: '/api/admin/reviews/r1/approve' },
  },
  {
    name: 'rejecting a review',
    tab: 'reviews',
    handlers: [on('POST', '/api/admin/reviews/r1/reject', ok())],
    act: async (user) => user.click(await screen.findByRole('button', { name: "Reject Ana's review of Sunshine Limousines" })),
    title: 'Review rejected successfully!',
    call: { method: 'POST', url: '/api/admin/reviews/r1/reject' },
  },
  {
    name: 'deleting a review after confirming',
    tab: 'reviews',
    handlers: [on('DELETE', '/api/admin/reviews/r1', ok())],
    act: (user) => confirm(user, "Delete Ana's review of Sunshine Limousines", 'Delete Review'),
    title: 'Review deleted successfully!',
    call: { method: 'DELETE', url: '/api/admin/reviews/r1' },
  },
  {
    name: 'suspending a verified company after confirming',
    tab: 'companies',
    handlers: [on('PUT', '/api/admin/companies/c1/suspend', ok(verified))],
    act: (user) => confirm(user, 'Suspend Sunshine Limousines', 'Suspend'),
    title: 'Company suspended successfully!',
    call: { method: 'PUT', url: '/api/admin/companies/c1/suspend' },
  },
  {
    name: 'unsuspending an unverified company',
    tab: 'companies',
    handlers: [on('PUT', '/api/admin/companies/c2/unsuspend', ok(unverified))],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Unsuspend Moonlight Cars' })),
    title: 'Company unsuspended successfully!',
    call: { method: 'PUT', url: '/api/admin/companies/c2/unsuspend' },
  },
  {
    name: 'deleting a company after confirming',
    tab: 'companies',
    handlers: [on('DELETE', '/api/admin/companies/c2', ok())],
    act: (user) => confirm(user, 'Delete Moonlight Cars', 'Delete Company'),
    title: 'Company deleted successfully!',
    call: { method: 'DELETE', url: '/api/admin/companies/c2' },
  },
  {
    name: 'exporting companies',
    tab: 'companies',
    handlers: [
      on('GET', '/api/admin/export-companies', {
        body: 'xlsx',
        headers: { 'Content-Disposition': 'attachment; filename="companies-export-2025-03-02.xlsx"' },
      }),
    ],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Export to Excel' })),
    title: 'Export Complete',
    description: 'Companies exported to companies-export-2025-03-02.xlsx',
  },
  {
    name: 'a failed export',
    tab: 'companies',
    handlers: [on('GET', '/api/admin/export-companies', fails(500))],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Export to Excel' })),
    title: 'Export Failed',
    description: 'Failed to export companies to Excel',
  },
  {
    name: 'creating a company',
    tab: 'companies',
    handlers: [on('POST', '/api/admin/companies', { status: 201, body: makeOwnerCompany({ id: 'c9', name: 'Star Limo' }) })],
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Add Company' }));
      await user.type(await screen.findByLabelText(/Company Name/), 'Star Limo');
      await user.click(screen.getByRole('button', { name: 'Create Company' }));
    },
    title: 'Company created successfully!',
  },
  {
    name: 'a refused company creation, with the server message',
    tab: 'companies',
    handlers: [on('POST', '/api/admin/companies', fails(400, 'Please select a valid US state'))],
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Add Company' }));
      await user.type(await screen.findByLabelText(/Company Name/), 'Star Limo');
      await user.click(screen.getByRole('button', { name: 'Create Company' }));
    },
    title: 'Error creating company',
    description: 'Please select a valid US state',
  },
  {
    name: 'a failed company creation',
    tab: 'companies',
    handlers: [on('POST', '/api/admin/companies', fails(500))],
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Add Company' }));
      await user.type(await screen.findByLabelText(/Company Name/), 'Star Limo');
      await user.click(screen.getByRole('button', { name: 'Create Company' }));
    },
    title: 'Error creating company',
    description: 'Failed to create company',
  },
  {
    name: 'editing a company',
    tab: 'companies',
    handlers: [on('PUT', '/api/admin/companies/c1', ok(verified))],
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Edit Sunshine Limousines' }));
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    },
    title: 'Success',
    description: 'Company updated successfully',
    call: { method: 'PUT', url: '/api/admin/companies/c1' },
  },
  {
    name: 'a failed company edit',
    tab: 'companies',
    handlers: [on('PUT', '/api/admin/companies/c1', fails(500))],
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Edit Sunshine Limousines' }));
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    },
    title: 'Error',
    description: 'Failed to update company',
  },
  {
    name: 'setting a quote status',
    tab: 'quotes',
    handlers: [on('PUT', '/api/admin/quote-requests/q1', ok(makeQuote({ status: 'completed' })))],
    act: async (user) => user.selectOptions(await screen.findByLabelText("Status of John Smith's request"), 'completed'),
    title: 'Status Updated',
    call: { method: 'PUT', url: '/api/admin/quote-requests/q1', body: { status: 'completed' } },
  },
  {
    name: 'a failed quote status change',
    tab: 'quotes',
    handlers: [on('PUT', '/api/admin/quote-requests/q1', fails(500))],
    act: async (user) => user.selectOptions(await screen.findByLabelText("Status of John Smith's request"), 'contacted'),
    title: 'Error updating quote status',
    description: 'Failed to update quote request status.',
  },
  {
    name: 'approving a claim',
    tab: 'claims',
    handlers: [on('POST', '/api/admin/business-claims/cl1/approve', ok())],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Approve the claim for Sunshine Limousines' })),
    title: 'Business claim approved successfully!',
    call: { method: 'POST', url: '/api/admin/business-claims/cl1/approve' },
  },
  {
    name: 'a refused claim approval, with the server message',
    tab: 'claims',
    handlers: [on('POST', '/api/admin/business-claims/cl1/approve', fails(409, 'This claim was already rejected'))],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Approve the claim for Sunshine Limousines' })),
    title: 'Error approving business claim',
    description: 'This claim was already rejected',
  },
  {
    name: 'rejecting a claim after confirming',
    tab: 'claims',
    handlers: [on('POST', '/api/admin/business-claims/cl1/reject', ok())],
    act: (user) => confirm(user, 'Reject the claim for Sunshine Limousines', 'Reject Claim'),
    title: 'Business claim rejected successfully!',
    call: { method: 'POST', url: '/api/admin/business-claims/cl1/reject' },
  },
  {
    name: 'a refused claim rejection, with the server message',
    tab: 'claims',
    handlers: [on('POST', '/api/admin/business-claims/cl1/reject', fails(409, 'This claim was already approved'))],
    act: (user) => confirm(user, 'Reject the claim for Sunshine Limousines', 'Reject Claim'),
    title: 'Error rejecting business claim',
    description: 'This claim was already approved',
  },
  {
    name: 'saving API keys',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/api-keys', ok())],
    act: async (user) => {
      await user.type(await screen.findByLabelText('Payment public key'), 'pk_test_abc123');
      await user.click(screen.getByRole('button', { name: 'Save API Keys' }));
    },
    title: 'API Keys Saved',
    call: {
      method: 'POST',
      url: '/api/admin/api-keys',
      body: { stripeSecretKey: '', stripePublicKey: 'pk_test_abc123', googleMapsApiKey: '' },
    },
  },
  {
    name: 'failing to save API keys',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/api-keys', fails(500))],
    act: async (user) => {
      await user.type(await screen.findByLabelText('Payment public key'), 'pk_test_abc123');
      await user.click(screen.getByRole('button', { name: 'Save API Keys' }));
    },
    title: 'Error',
    description: 'Failed to save API keys. Please try again.',
  },
  {
    name: 'populating the database',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/populate-database', ok({ companiesAdded: 1900, citiesProcessed: 19, totalCompanies: 2000 }))],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Populate Database' })),
    title: 'Database Population Complete',
    description: 'Added 1,900 companies across 19 cities. Total companies: 2,000.',
  },
  {
    name: 'a failed population',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/populate-database', fails(500))],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Populate Database' })),
    title: 'Population Failed',
  },
  {
    name: 'running the verification audit after confirming',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/audit-verification', ok({ fixed: 3, total: 10 }))],
    act: (user) => confirm(user, 'Run Verification Audit', 'Run Audit'),
    title: 'Verification audit completed',
    description: 'Fixed 3 out of 10 companies that were improperly verified.',
  },
  {
    name: 'a failed audit',
    tab: 'settings',
    handlers: [on('POST', '/api/admin/audit-verification', fails(500))],
    act: (user) => confirm(user, 'Run Verification Audit', 'Run Audit'),
    title: 'Error running audit',
  },
  {
    name: 'approving a change request',
    tab: 'change-requests',
    handlers: [on('POST', '/api/admin/change-requests/cr1/approve', ok())],
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Approve the changes to Sunshine Limousines' })),
    title: 'Change request approved',
    call: { method: 'POST', url: '/api/admin/change-requests/cr1/approve' },
  },
  {
    name: 'rejecting a change request after confirming',
    tab: 'change-requests',
    handlers: [on('POST', '/api/admin/change-requests/cr1/reject', ok())],
    act: (user) => confirm(user, 'Reject the changes to Sunshine Limousines', 'Reject Changes'),
    title: 'Change request rejected',
    call: { method: 'POST', url: '/api/admin/change-requests/cr1/reject' },
  },
];

describe('/admin toasts (owner-admin §8)', () => {
  let download: { name: string } | null;
  beforeEach(() => {
    download = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      download = { name: this.download };
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(toastCases)('$name: "$title"', async ({ tab, handlers, act, title, description, call }) => {
    const { calls, user } = renderAdmin(tab, ...handlers);
    await act(user);
    await expectToast(title, description);
    if (call) {
      const made = calls.find((c: Call) => c.method === call.method && c.url === call.url);
      expect(made, `${call.method} ${call.url}`).toBeDefined();
      if (call.body !== undefined) expect(made!.body).toEqual(call.body);
    }
    if (title === 'Export Complete') expect(download).toEqual({ name: 'companies-export-2025-03-02.xlsx' });
  });
});

describe('/admin guard (owner-admin §2.8)', () => {
  it.each([
    ['a visitor', signedOut],
    ['a business owner', on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } })],
  ])('sends %s to /login with "Access Denied", asking the server for no admin data', async (_who, me) => {
    const calls = fakeServer(analytics, me);
    renderAt(<AdminPage />, { route: '/admin', path: '/admin' });
    await expectToast('Access Denied', 'Admin access required. Please log in with admin credentials');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.filter((c) => c.url.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows an admin the overview: stat cards, recent companies, the fixed 4.5, other states', async () => {
    const calls = fakeServer(
      on('GET', '/api/admin/companies-by-state', {
        body: Array.from({ length: 12 }, (_, i) => ({ state: `S${String.fromCharCode(65 + i)}`, count: 100 - i })),
      }),
      ...baseline,
    );
    renderAt(<AdminPage />, { route: '/admin-dashboard', path: '/admin-dashboard' });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('$225.00')).toBeInTheDocument();
    expect(screen.getByText('Annual Revenue')).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(await screen.findByText('Other states: 179 companies in 2 more states')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/companies?page=1&limit=50')).toBe(true);
  });

  it("shows a claim's payment in dollars (cents / 100) and the claimer's details", async () => {
    renderAdmin('claims');
    const row = await screen.findByTestId('claim-row');
    for (const text of ['Sunshine Limousines', 'Maria Lopez', 'maria@sunshine.example', '(305) 555-0101', 'owner', '$75.00']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('flags a claim whose signed-out payer named the e-mail of another account (not linked to it)', async () => {
    renderAdmin('claims', on('GET', '/api/admin/business-claims', { body: [makeClaim({ accountReview: 'email-of-another-account' })] }));
    const row = await screen.findByTestId('claim-row');
    expect(within(row).getByTestId('claim-account-review')).toHaveTextContent('E-mail of another account: not linked');
  });

  it('asks for quote requests 20 a page with the status and search filters', async () => {
    const { calls, user } = renderAdmin('quotes');
    expect(await screen.findByText(/^Sun, Jun 1, 2025 at /)).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Filter by status'), 'contacted');
    await user.type(screen.getByLabelText('Search quote requests'), 'john');
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/admin/quote-requests?page=1&limit=20&status=contacted&search=john')).toBe(true),
    );
  });

  it('searches companies on the server, 50 at a time', async () => {
    const { calls, user } = renderAdmin('companies');
    await user.type(await screen.findByLabelText('Search companies'), 'miami');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/companies?search=miami&page=1&limit=50')).toBe(true));
  });
});
