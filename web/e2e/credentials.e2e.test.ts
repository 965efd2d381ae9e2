import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  BrowserSuite,
  describeInBrowser,
  expectNoSeriousA11yViolations,
  expectToast,
  isoDaysFromNow,
  registerOwnerWithCompany,
  screenshot,
  signIn,
} from './support';

// Issue 21, credentials: an owner sends a licence and insurance with a certificate, an admin verifies
// them, and the "Licensed" and "Insured · until <month>" badges show on the card, the page and the
// "Licensed & insured" search, until the insurance expires.
const e2e = new BrowserSuite();

const OWNER = { username: 'credentials-owner', email: 'owner@gulfcoast-limo.example', password: 'owner-pass-credentials-1' };
const COMPANY = 'Gulf Coast Licensed Limousines';
/** A minimal well-formed PDF: the certificate the owner uploads. */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** What the journey needs of the running directory: its clock, and the insurance expiry check. */
interface DirectoryClock {
  now: () => Date;
  credentialWatch: { run(now: Date): Promise<unknown> };
}
function isDirectoryClock(deps: unknown): deps is DirectoryClock {
  return typeof deps === 'object' && deps !== null && 'now' in deps && 'credentialWatch' in deps;
}

/** Waits until every toast has faded out (axe would read one halfway). */
async function toastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('toast').count(), { timeout: 20_000 }).toBe(0);
}

/** "Mar 2027" of a yyyy-MM-dd date. */
const monthOf = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

describeInBrowser('credentials in the browser (issue 21)', () => {
  e2e.start();
  let companyId = '';
  const expiresOn = isoDaysFromNow(120);

  it('an owner sends a USDOT number, a permit and the insurance with its certificate: pending', async () => {
    const { page } = await e2e.session();
    // Registering signs the owner in (the session cookie is the browser context's).
    companyId = await registerOwnerWithCompany(page, e2e.product.url, OWNER, {
      name: COMPANY,
      fullAddress: '400 N Ashley Dr, Tampa, FL 33602',
      address: '400 N Ashley Dr',
      city: 'Tampa',
      state: 'FL',
      zipCode: '33602',
    });

    await page.goto('/dashboard?tab=credentials');
    await expect.poll(() => page.getByTestId('credentials-status').textContent()).toBe('Not sent');
    await page.getByText('No certificate uploaded yet. Save your details first.').waitFor();
    // A wrong USDOT number is refused next to its field.
    await page.getByLabel('USDOT number').fill('123456789');
    await page.getByLabel('State or city permit number').fill('HC-TPA-0412');
    await page.getByLabel('Insurance carrier').fill('Progressive Commercial');
    await page.getByLabel('Insurance expiry date').fill(expiresOn);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('USDOT number must be 1 to 8 digits').waitFor();
    await page.getByLabel('USDOT number').fill('2233445');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expectToast(page, 'Credentials saved');
    await expect.poll(() => page.getByTestId('credentials-status').textContent()).toBe('Pending verification');
    // Saved: the hint no longer asks for the details.
    await page.getByText('No certificate uploaded yet.', { exact: true }).waitFor();

    await page
      .getByLabel('Choose a certificate')
      .setInputFiles({ name: 'insurance.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE_PDF });
    await expectToast(page, 'Certificate uploaded');
    await page.getByRole('link', { name: 'View the uploaded certificate' }).waitFor();
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'dashboard-credentials');
    // Private: a visitor gets nothing.
    const { page: visitor } = await e2e.session();
    expect((await visitor.request.get(`/api/my-companies/${companyId}/credentials/certificate`)).status()).toBe(401);
  });

  it('an admin opens the certificate from the Credentials queue and approves: the badges show on the page and in the search', async () => {
    const { page } = await e2e.session();
    await signIn(page, e2e.product.admin, '/admin');
    await page.getByRole('tab', { name: 'Credentials' }).click();
    const item = page.getByTestId('credential-verification').filter({ hasText: COMPANY });
    await item.waitFor();
    const certificate = await page.request.get(`/api/my-companies/${companyId}/credentials/certificate`);
    expect(certificate.headers()['content-type']).toBe('application/pdf');
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'admin-credentials');
    await item.getByRole('button', { name: `Approve credentials of ${COMPANY}` }).click();
    await expectToast(page, 'Credentials verified');

    const insured = `Insured · until ${monthOf(expiresOn)}`;
    const { page: visitor } = await e2e.session();
    await visitor.goto(`/company/${companyId}`);
    await visitor.getByRole('heading', { name: COMPANY }).waitFor();
    await visitor.getByText('Licensed', { exact: true }).waitFor();
    await visitor.getByText(insured).waitFor();
    await screenshot(visitor, 'company-credential-badges');

    await visitor.goto('/?location=Tampa%2C%20FL');
    await visitor.getByRole('checkbox', { name: 'Licensed & insured' }).check();
    await visitor.getByRole('button', { name: 'Search', exact: true }).click();
    await visitor.waitForURL(/badges=licensed%2Cinsured/);
    const card = visitor.getByRole('heading', { name: COMPANY });
    await card.waitFor({ timeout: 20_000 });
    // Only licensed and insured companies: the demo directory has none besides this one.
    await expect.poll(() => visitor.getByText(insured).count()).toBe(1);
  });

  it('the insured badge goes the day after the insurance expires (the directory clock moved past it)', async () => {
    const directory = e2e.product.system.services.directory.service;
    const deps = 'deps' in directory ? directory.deps : undefined;
    if (!isDirectoryClock(deps)) throw new Error('the directory does not expose its clock');
    const dayAfter = new Date(`${expiresOn}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    dayAfter.setUTCHours(22);
    const realClock = deps.now;
    deps.now = () => dayAfter;
    try {
      await deps.credentialWatch.run(dayAfter);
      const { page } = await e2e.session();
      await page.goto(`/company/${companyId}`);
      await page.getByRole('heading', { name: COMPANY }).waitFor();
      await page.getByText('Licensed', { exact: true }).waitFor();
      expect(await page.getByText(/^Insured/).count()).toBe(0);
      await expect
        .poll(async () => (await (await page.request.get('/api/companies?location=Tampa%2C%20FL&badges=insured')).json()) as unknown[], {
          timeout: 10_000,
        })
        .toEqual([]);
    } finally {
      deps.now = realClock;
    }
  });
});
