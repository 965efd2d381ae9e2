import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectNoSeriousA11yViolations, isoDaysFromNow, screenshot, expectToast, BrowserSuite, signIn } from './support';

// The admin dashboard (owner-admin §2.8, §2.9) driven in headless Chromium against the real
// embedded product with its demo directory.
const e2e = new BrowserSuite();

/** Signs the admin in through the /login form; the app sends an admin to /admin. */
async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, e2e.product.admin, '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Waits until the open tab has loaded its data (and its charts). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-label="Loading"], [aria-label="Loading chart"]').count(), { timeout: 20_000 }).toBe(0);
  await animationsDone(page);
}

/** Waits until no CSS animation runs (dialogs fade in: axe would read colours halfway). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function openTab(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label }).click();
  await settled(page);
}

/**
 * A visitor claims `companyId` through the payment simulator's checkout (owner-admin §2.2-§2.4):
 * payment intent, the 4242 test card, the success report with the claimer's details.
 */
async function submitClaim(companyId: string, claimer: { name: string; email: string; phone: string; role: string }): Promise<string> {
  const { page } = await e2e.session();
  const headers = { origin: e2e.product.url };
  const intent = await page.request.post('/api/create-payment-intent', {
    headers,
    // The claimer goes with the intent: no payment exists without its claimer.
    data: { amount: 75, plan: 'claim', companyId, metadata: { plan_name: 'claim' }, claimerDetails: claimer },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const paid = await page.request.post('/api/payments/simulator/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const success = await page.request.post('/api/process-payment-success', {
    headers,
    data: { paymentIntent: paymentIntentId, paymentIntentClientSecret: clientSecret, plan: 'claim', companyId, claimerDetails: claimer },
  });
  expect(success.status(), await success.text()).toBe(200);
  return ((await success.json()) as { claimId: string }).claimId;
}

/** A company of the demo directory near `place` that nobody has claimed, skipping `skip` of them. */
async function unclaimedCompany(place: string, skip = 0): Promise<{ id: string; name: string }> {
  const { page } = await e2e.session();
  const list = (await (await page.request.get(`/api/companies?location=${encodeURIComponent(place)}&limit=30`)).json()) as Array<{
    id: string;
    name: string;
    claimed: boolean;
    owned: boolean;
  }>;
  // A free listing is owned but not claimed (issue 17): not claimable either.
  const company = list.filter((c) => !c.claimed && !c.owned)[skip];
  expect(company, `an unclaimed company near ${place}`).toBeDefined();
  return company;
}

/**
 * Gives each admin list something to show: a quote request, a pending review, and an owner's change
 * request (an unverified owner's edit), made through the API as visitors and owners would.
 */
async function seedAdminLists(): Promise<void> {
  const { page } = await e2e.session();
  const headers = { origin: e2e.product.url };
  const [company] = (await (await page.request.get('/api/companies?location=Dallas%2C%20TX&limit=1')).json()) as Array<{ id: string }>;
  const quote = await page.request.post('/api/quote-requests', {
    headers,
    data: {
      companyId: company.id,
      customerName: 'Dana Whitfield',
      customerEmail: 'dana@example.com',
      customerPhone: '(214) 555-0142',
      serviceType: 'Wedding',
      pickupLocation: 'Highland Park, Dallas, TX',
      tripDate: isoDaysFromNow(30),
      tripTime: '6:00 PM',
      passengerCount: '5-8',
      vehicleType: 'Stretch Limousine',
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const review = await page.request.post('/api/reviews', {
    headers,
    data: { companyId: company.id, rating: 4, reviewerName: 'Sam Ortiz', comment: 'Smooth airport run, friendly driver.' },
  });
  expect(review.status(), await review.text()).toBe(201);

  const owner = await e2e.session();
  const registered = await owner.page.request.post('/api/register', {
    headers,
    data: { username: 'lone-star-owner', email: 'owner@lonestar.example', password: 'owner-pass-123', role: 'business' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const listed = await owner.page.request.post('/api/companies', {
    headers,
    data: {
      name: 'Lone Star Executive Cars',
      fullAddress: '1500 Main St, Dallas, TX 75201',
      address: '1500 Main St',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      phone: '(214) 555-0100',
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const { id } = (await listed.json()) as { id: string };
  const changed = await owner.page.request.put(`/api/companies/${id}`, {
    headers,
    data: {
      phone: '(214) 555-0199',
      description: 'Executive sedans and SUVs across Dallas-Fort Worth.',
      services: ['Airport Transfer', 'Corporate Events'],
    },
  });
  expect(changed.status(), await changed.text()).toBe(202);

  const claimed = await unclaimedCompany('Houston, TX');
  await submitClaim(claimed.id, { name: 'Priya Raman', email: 'priya@example.com', phone: '(713) 555-0177', role: 'manager' });
}

/**
 * Traffic for the analytics tab: headless Chromium counts as a bot (its events are dropped), so
 * visitors with ordinary browsers' user agents are sent through the public track call.
 */
async function seedTraffic(): Promise<void> {
  const { page } = await e2e.session();
  const companies = (await (await page.request.get('/api/companies?location=Miami%2C%20FL&limit=5')).json()) as Array<{ id: string }>;
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/13$ Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.$ Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.$ Mobile/15E148 Safari/604.1',
  ];
  const searches = ['Miami, FL', 'Dallas, TX', 'New York, NY', 'party bus', 'Miami, FL', 'wedding limo'];
  const referrers = ['https://www.google.com/', 'direct', 'https://www.bing.com/', 'https://www.facebook.com/'];
  for (let visitor = 0; visitor < 12; visitor++) {
    const headers = { origin: e2e.product.url, 'user-agent': agents[visitor % agents.length].replace('$', String(visitor)) };
    const track = async (data: Record<string, unknown>) => {
      const res = await page.request.post('/api/analytics/track', {
        headers,
        data: { sessionId: `e2e-${visitor}`, referrer: referrers[visitor % referrers.length], ...data },
      });
      expect(res.status(), await res.text()).toBe(202);
    };
    await track({ actionType: 'page_view', currentPage: '/' });
    await track({ actionType: 'search', searchQuery: searches[visitor % searches.length], currentPage: '/' });
    await track({
      actionType: 'company_view',
      companyId: companies[visitor % companies.length].id,
      currentPage: `/company/${companies[visitor % companies.length].id}`,
    });
    if (visitor % 3 === 0) await track({ actionType: 'quote_request', companyId: companies[0].id });
  }
}

const TABS = [
  ['overview', 'Overview'],
  ['claims', 'Business Claims'],
  ['reviews', 'Reviews'],
  ['subscriptions', 'Subscriptions'],
  ['companies', 'Companies'],
  ['change-requests', 'Change Requests'],
  ['quotes', 'Quote Requests'],
  ['analytics', 'Traffic Analytics'],
  ['settings', 'Settings'],
] as const;

describeInBrowser('admin dashboard in the browser', () => {
  e2e.start();

  it('sends a visitor on /admin to /login with "Access Denied"', async () => {
    const { page } = await e2e.session();
    await page.goto('/admin');
    await expectToast(page, 'Access Denied', 'Admin access required. Please log in with admin credentials');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('approves a pending review, and the company page shows the new rating', async () => {
    const visitor = (await e2e.session()).page;
    const found = await visitor.request.get('/api/companies?location=Miami%2C%20FL&limit=1');
    const [company] = (await found.json()) as Array<{ id: string; name: string; rating: number; reviewCount: number }>;
    expect(company).toBeDefined();
    await visitor.goto(`/company/${company.id}`);
    if (company.reviewCount)
      await visitor
        .getByText(`${company.rating.toFixed(1)} (${company.reviewCount} ${company.reviewCount === 1 ? 'review' : 'reviews'})`)
        .waitFor();
    // The form's code loads when its section comes near the screen (issue 19): scroll down to it.
    await visitor.getByRole('heading', { name: 'Write a Review' }).scrollIntoViewIfNeeded();
    const form = visitor.getByRole('form', { name: 'Write a Review' });
    await form.getByLabel('Rating').selectOption('1');
    await form.getByLabel('Your Name').fill('Erin Adminson');
    await form.getByLabel('Comment').fill('Late pickup and a noisy car.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(visitor, 'Review submitted successfully!');

    const { page } = await e2e.session();
    await signInAsAdmin(page);
    await openTab(page, 'Reviews');
    await page.getByRole('button', { name: `Approve Erin Adminson's review of ${company.name}` }).click();
    await expectToast(page, 'Review approved successfully!');
    await page.getByRole('button', { name: `Approve Erin Adminson's review of ${company.name}` }).waitFor({ state: 'detached' });

    const after = (await (await page.request.get(`/api/companies/${company.id}`)).json()) as { rating: number; reviewCount: number };
    expect(after.reviewCount).toBe(company.reviewCount + 1);
    expect(after.rating).toBeLessThan(company.reviewCount ? company.rating : 1.01);
    await page.goto(`/company/${company.id}`);
    await page.getByText(`${after.rating.toFixed(1)} (${after.reviewCount} ${after.reviewCount === 1 ? 'review' : 'reviews'})`).waitFor();
    await page.getByText('Late pickup and a noisy car.').waitFor();
  });

  it('approves a paid claim: the company shows claimed and the subscription counts', async () => {
    const company = await unclaimedCompany('Miami, FL', 1);
    await submitClaim(company.id, { name: 'Dana Driver', email: 'dana.driver@example.com', phone: '(305) 555-0199', role: 'owner' });

    const { page } = await e2e.session();
    await signInAsAdmin(page);
    await openTab(page, 'Business Claims');
    const row = page.getByTestId('claim-row').filter({ hasText: company.name });
    await row.getByText('$75.00').waitFor();
    await row.getByText('dana.driver@example.com').waitFor();
    // The claimer's account is made from the claim's event; until then the server says so and the admin tries again.
    await expect
      .poll(
        async () => {
          await row.getByRole('button', { name: `Approve the claim for ${company.name}` }).click();
          const toast = page.getByTestId('toast').filter({ hasText: /^(Business claim approved|Error approving business claim)/ });
          await toast.waitFor();
          const text = (await toast.textContent()) ?? '';
          if (text.startsWith('Error approving business claim')) await page.getByRole('button', { name: 'Dismiss notification' }).click();
          return text;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toContain('Business claim approved successfully!');
    await row.waitFor({ state: 'detached' });

    const after = (await (await page.request.get(`/api/companies/${company.id}`)).json()) as { claimed: boolean };
    expect(after.claimed).toBe(true);
    await openTab(page, 'Subscriptions');
    await page.getByTestId('subscription-row').filter({ hasText: 'dana.driver@example.com' }).getByText('active').waitFor();
  });

  it('creates, edits, suspends and deletes a company through the form and the list', async () => {
    const { page } = await e2e.session();
    await signInAsAdmin(page);
    await openTab(page, 'Companies');
    await page.getByRole('button', { name: 'Add Company' }).click();
    const form = page.getByRole('form', { name: 'Add company' });
    await page.getByRole('button', { name: 'Create Company' }).click();
    await form.getByText('Company name is required').waitFor();
    await form.getByLabel('Company Name').fill('Harbor Lights Limousine');
    await form.getByLabel('Website', { exact: true }).fill('not a website');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await form.getByText('Please enter a valid website URL').waitFor();
    await form.getByLabel('Website', { exact: true }).fill('harborlights.example');
    await form.getByLabel('City', { exact: true }).fill('Miami');
    await form.getByLabel('State', { exact: true }).selectOption('FL');
    await form.getByLabel('Price Range', { exact: true }).selectOption('$$$');
    await form.getByLabel(/Hourly Rate/).fill('120');
    await form.getByText('Wedding', { exact: true }).click();
    await form.getByText('Party Bus', { exact: true }).click();
    await form.getByText('Verified (admin only)').click();
    // The sign-in toast fades out under the dialog's backdrop: axe would read it halfway.
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 15_000 });
    await animationsDone(page);
    await screenshot(page, 'admin-company-form-1280', false);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expectToast(page, 'Company created successfully!');

    await page.getByLabel('Search companies').fill('Harbor Lights');
    const row = page.getByTestId('company-row').filter({ hasText: 'Harbor Lights Limousine' });
    await row.getByText('Verified').waitFor();
    await row.getByRole('button', { name: 'Edit Harbor Lights Limousine' }).click();
    const edit = page.getByRole('form', { name: 'Edit company' });
    expect(await edit.getByLabel('Website', { exact: true }).inputValue()).toBe('https://harborlights.example/');
    expect(await edit.getByRole('checkbox', { name: 'Wedding' }).isChecked()).toBe(true);
    await edit.getByLabel('Phone', { exact: true }).fill('(305) 555-0142');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Company updated successfully');
    await row.getByText('(305) 555-0142').waitFor();

    await row.getByRole('button', { name: 'Suspend Harbor Lights Limousine' }).click();
    await animationsDone(page);
    await screenshot(page, 'admin-confirm-suspend-1280', false);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'Company suspended successfully!');
    await row.getByText('Suspended').waitFor();
    await row.getByRole('button', { name: 'Delete Harbor Lights Limousine' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Company' }).click();
    await expectToast(page, 'Company deleted successfully!');
    await page.getByText('No companies found matching "Harbor Lights".').waitFor();
  });

  it('exports the companies as a spreadsheet named by the server, then signs out', async () => {
    const { page } = await e2e.session();
    await signInAsAdmin(page);
    await openTab(page, 'Companies');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^companies-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectToast(page, 'Export Complete', `Companies exported to ${download.suggestedFilename()}`);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 2).toString()).toBe('PK');

    // Signing out from the dashboard goes home with the logout toast, not "Access Denied".
    await page.getByRole('button', { name: 'admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');
    await page.waitForURL(`${e2e.product.url}/`);
    expect(await page.getByTestId('toast').allTextContents()).not.toContainEqual(expect.stringContaining('Access Denied'));
  });

  it('shows every tab without serious accessibility violations, at 1280 and 375 px', async () => {
    await seedAdminLists();
    await seedTraffic();
    for (const width of [1280, 375]) {
      const { page } = await e2e.session({ width, height: width === 375 ? 812 : 900 });
      await signInAsAdmin(page);
      for (const [value, label] of TABS) {
        await page.goto(value === 'overview' ? '/admin' : `/admin?tab=${value}`);
        await page.getByRole('tab', { name: label, selected: true }).waitFor();
        await settled(page);
        await screenshot(page, `admin-${value}-${width}`);
        if (width === 1280) await expectNoSeriousA11yViolations(page);
      }
    }
  });
});
