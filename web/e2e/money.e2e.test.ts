import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { BrowserSuite, describeInBrowser, expectToast, firstAvailableIn, payWithCard, screenshot, signIn, signUpBusiness } from './support';

// Issue 17's money journey in headless Chromium against the embedded product (payment simulator,
// file mailer, demo directory): claim in one tab, pay in a fresh tab, reload /payment-success,
// upgrade a free listing, cancel and resume in the Billing tab, refund in the admin Payments tab.
// At each step the admin ledger, the receipts in the outbox and the Verified Owner badge are checked.
const e2e = new BrowserSuite();

interface LedgerRow {
  id: string;
  purpose: string;
  status: string;
  companyId: string | null;
  payerEmail: string | null;
  claim: { status: string } | null;
  refund: { amount: number } | null;
}

/** The state one step leaves for the next. */
const journey = {
  owner: { email: '', password: '' },
  claimed: { id: '', name: '' },
  listing: { id: '', name: 'Bayfront Black Car Co' },
  admin: undefined as APIRequestContext | undefined,
};

async function adminApi(): Promise<APIRequestContext> {
  if (journey.admin) return journey.admin;
  const { context } = await e2e.session();
  expect((await context.request.post('/api/login', { data: e2e.product.admin })).ok()).toBe(true);
  journey.admin = context.request;
  return context.request;
}

/** The admin ledger's rows of one company (the API the Payments tab reads). */
async function ledgerOf(companyId: string): Promise<LedgerRow[]> {
  const res = await (await adminApi()).get(`/api/admin/payments?q=${encodeURIComponent(journey.owner.email)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as LedgerRow[]).filter((p) => p.companyId === companyId);
}

async function verifiedOwner(page: Page, companyId: string): Promise<boolean> {
  return ((await (await page.request.get(`/api/companies/${companyId}`)).json()) as { verifiedOwner: boolean }).verifiedOwner;
}

/** The company page shows (or not) the Verified Owner badge, as the company JSON says. */
async function expectBadge(page: Page, companyId: string, shown: boolean): Promise<void> {
  await expect.poll(() => verifiedOwner(page, companyId), { timeout: 15_000 }).toBe(shown);
  await page.goto(`/company/${companyId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.getByText('Verified Owner', { exact: true }).count()).toBe(shown ? 1 : 0);
}

/** Every succeeded charge has exactly one receipt mail, with its amount. */
async function expectOneReceiptEach(rows: LedgerRow[]): Promise<void> {
  await expect.poll(async () => (await e2e.mailsTo(journey.owner.email, 'receipt')).length, { timeout: 15_000 }).toBe(rows.length);
  const receipts = await e2e.mailsTo(journey.owner.email, 'receipt');
  for (const receipt of receipts) expect(receipt.text).toContain('Amount paid: $75.00');
}

async function ownerRows(): Promise<LedgerRow[]> {
  return [...(await ledgerOf(journey.claimed.id)), ...(journey.listing.id ? await ledgerOf(journey.listing.id) : [])];
}

describeInBrowser('money in the browser: claim, upgrade, cancel, resume, refund', () => {
  e2e.start();

  it('claims in one tab, pays in a fresh tab (no session storage) and reloads /payment-success', async () => {
    const { context, page } = await e2e.session();
    journey.owner = await signUpBusiness(page, 'moneyowner');
    journey.claimed.name = await firstAvailableIn(page, 'dallas');
    await page.getByRole('button', { name: 'Subscribe for $75/year' }).click();
    await page.getByLabel('Full Name').fill('Mona Ower');
    await page.getByLabel('Phone').fill('214 555 0101');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL('**/checkout?**');
    await page.getByTestId('test-mode-note').waitFor();
    const checkout = new URL(page.url());
    journey.claimed.id = checkout.searchParams.get('companyId')!;
    await page.close();

    // A new tab of the same browser: signed in, but none of the first tab's session storage.
    const tab = await context.newPage();
    await tab.goto(`${checkout.pathname}${checkout.search}`);
    expect(await tab.evaluate(() => sessionStorage.getItem('claimerDetails'))).toBeNull();
    await payWithCard(tab, '4242 4242 4242 4242');
    await tab.waitForURL('**/payment-success?**');
    await tab.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tab.getByTestId('payment-details').textContent()).toContain('Pending Review');
    const claimId = /Claim ID(\S+)/.exec((await tab.getByTestId('payment-details').textContent())!)![1];
    await tab.reload();
    await tab.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tab.getByTestId('payment-details').textContent()).toContain(`Claim ID${claimId}`);
    await screenshot(tab, 'money-payment-success-reloaded');

    // One intent for both tabs, charged once, its claim made, a receipt and the claim confirmation mailed.
    const rows = await ledgerOf(journey.claimed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'claim', status: 'succeeded', claim: { status: 'pending' } });
    await expectOneReceiptEach(rows);
    expect((await e2e.mailTo(journey.owner.email, 'claim-submitted')).subject).toContain(journey.claimed.name);
    await expectBadge(tab, journey.claimed.id, false);
  });

  it('shows the Verified Owner badge once the admin approves the claim', async () => {
    const admin = await adminApi();
    const claims = (await (await admin.get('/api/admin/business-claims?status=pending')).json()) as Array<{
      id: string;
      companyId: string;
    }>;
    const claim = claims.find((c) => c.companyId === journey.claimed.id)!;
    expect((await admin.post(`/api/admin/business-claims/${claim.id}/approve`, { data: {} })).ok()).toBe(true);
    await e2e.mailTo(journey.owner.email, 'claim-approved');
    const { page } = await e2e.session();
    await expectBadge(page, journey.claimed.id, true);
    expect(await ledgerOf(journey.claimed.id)).toMatchObject([{ status: 'succeeded', claim: { status: 'approved' } }]);
  });

  it('lists a company for free, then upgrades the same company (no duplicate) and shows its payment on /payment-success', async () => {
    const { page } = await e2e.session();
    expect((await page.request.post('/api/login', { data: journey.owner })).ok()).toBe(true);
    await page.goto('/list-business');
    await page.getByLabel(/Company Name/).fill(journey.listing.name);
    await page.getByLabel(/Full Address/).fill('200 Biscayne Blvd, Mia');
    await page.getByRole('option', { name: /^200 Biscayne Blvd, Miami, FL/ }).click();
    await page.getByRole('button', { name: 'Register Business' }).click();
    await expectToast(page, 'Success!');
    const mine = async () => (await (await page.request.get('/api/my-companies')).json()) as Array<{ id: string; name: string }>;
    await expect.poll(async () => (await mine()).length, { timeout: 15_000 }).toBe(2);
    journey.listing.id = (await mine()).find((c) => c.name === journey.listing.name)!.id;

    await page.goto(`/dashboard?company=${journey.listing.id}`);
    await page.getByTestId('state-banner').filter({ hasText: 'Free listing · unverified' }).waitFor();
    await page.getByRole('link', { name: 'Upgrade for $75/year' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 20_000 });
    await page.waitForURL(`**/dashboard?company=${journey.listing.id}`, { timeout: 10_000 });

    // The same company became paid: still two companies, one card in search, one charge.
    expect((await mine()).map((c) => c.id).sort()).toEqual([journey.claimed.id, journey.listing.id].sort());
    const search = (await (await page.request.get(`/api/all-companies?search=${encodeURIComponent(journey.listing.name)}`)).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    expect(search.items.filter((c) => c.name === journey.listing.name).map((c) => c.id)).toEqual([journey.listing.id]);
    const rows = await ledgerOf(journey.listing.id);
    expect(rows).toMatchObject([{ purpose: 'business_listing', status: 'succeeded' }]);
    await expectOneReceiptEach(await ownerRows());

    // Its payment-success page shows the stored listing, on reload too.
    await page.goto(`/payment-success?plan=listing&payment_intent=${rows[0].id}&companyId=${journey.listing.id}`);
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('payment-details').textContent()).toContain(journey.listing.name);
    }
    await expectBadge(page, journey.listing.id, false);
  });

  it('shows the badge once the admin approves the listing in the Verifications tab', async () => {
    const { page } = await e2e.session();
    await signIn(page, e2e.product.admin, '/admin');
    await page.goto('/admin?tab=verifications');
    await page.getByRole('button', { name: `Approve ${journey.listing.name}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Approve ${journey.listing.name}` }).count()).toBe(0);
    await expectBadge(page, journey.listing.id, true);
  });

  it('cancels and resumes the upgraded listing from the dashboard Billing tab', async () => {
    const { page } = await e2e.session();
    expect((await page.request.post('/api/login', { data: journey.owner })).ok()).toBe(true);
    await page.goto(`/dashboard?company=${journey.listing.id}&tab=billing`);
    const status = page.getByTestId('billing-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Active');
    await expect.poll(() => page.getByTestId('receipt-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expectToast(page, 'Cancelled: your listing stays active until');
    await expect.poll(() => status.textContent()).toMatch(/^Active · ends on /);
    expect((await e2e.mailTo(journey.owner.email, 'subscription-cancelled')).text).toContain(journey.listing.name);
    await expectBadge(page, journey.listing.id, true);

    await page.goto(`/dashboard?company=${journey.listing.id}&tab=billing`);
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resume subscription' }).click();
    await expect.poll(() => status.textContent()).toBe('Active');
    await screenshot(page, 'money-billing-resumed');
    // Cancelling and resuming charge nothing.
    await expectOneReceiptEach(await ownerRows());
  });

  it('refunds the listing payment in the admin Payments tab: ledger refunded, badge gone, no new charge', async () => {
    const { page } = await e2e.session();
    await signIn(page, e2e.product.admin, '/admin');
    await page.goto('/admin?tab=payments');
    await page.getByRole('textbox', { name: 'Search payments' }).fill(journey.listing.name);
    const row = page.getByTestId('payment-row').filter({ hasText: journey.listing.name });
    await expect.poll(() => page.getByTestId('payment-row').count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('refunded');
    await screenshot(page, 'money-admin-refunded');

    const rows = await ledgerOf(journey.listing.id);
    expect(rows).toMatchObject([{ status: 'refunded', refund: { amount: 7500 } }]);
    await expectBadge(page, journey.listing.id, false);
    // The claim is untouched; still one receipt per charge, never a charge without its claim or listing.
    expect(await ledgerOf(journey.claimed.id)).toMatchObject([{ status: 'succeeded', claim: { status: 'approved' } }]);
    await expectOneReceiptEach(await ownerRows());
  });
});
