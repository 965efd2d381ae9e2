import { expect, it } from 'vitest';
import {
  BrowserSuite,
  describeInBrowser,
  expectToast,
  fillMiamiWeddingRequest,
  isoDaysFromNow,
  registerOwnerWithCompany,
  screenshot,
} from './support';

// Issue 21, responsiveness and leads: an owner who marks a company's quotes contacted shows
// "Usually responds within N hours" on its page once it had 3 leads, and a city-wide request goes
// to the 5 best-matched companies of the city, said before sending and named in the toast.
const e2e = new BrowserSuite();

const OWNER = { username: 'responsive-owner', email: 'owner@swift-reply-limo.example', password: 'owner-pass-responsive-1' };
const COMPANY = 'Swift Reply Limousines';

describeInBrowser('responsiveness and city requests in the browser (issue 21)', () => {
  e2e.start();

  it('a company whose owner answered its 3 leads shows "Usually responds within 1 hour" on its page', async () => {
    const { page } = await e2e.session();
    const headers = { origin: e2e.product.url };
    const companyId = await registerOwnerWithCompany(page, e2e.product.url, OWNER, {
      name: COMPANY,
      fullAddress: '500 E Broward Blvd, Fort Lauderdale, FL 33394',
      city: 'Fort Lauderdale',
      state: 'FL',
      // Leads count from the delivery of their mail.
      email: 'dispatch@swift-reply-limo.example',
    });

    await page.goto(`/company/${companyId}`);
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
    expect(await page.getByTestId('response-time').count()).toBe(0);

    for (let i = 0; i < 3; i++) {
      const quote = await page.request.post('/api/quote-requests', {
        headers,
        data: {
          companyId,
          customerName: `Rider ${i}`,
          customerEmail: `rider${i}@swift.example`,
          customerPhone: '(954) 555-0100',
          serviceType: 'To Airport',
          pickupLocation: '1 Las Olas Blvd, Fort Lauderdale, FL',
          dropoffLocation: 'FLL Airport',
          tripDate: isoDaysFromNow(10),
          tripTime: '9:00 AM',
          passengerCount: '1-2',
        },
      });
      expect(quote.status(), await quote.text()).toBe(201);
    }
    // The owner answers each lead from the dashboard.
    await page.goto('/dashboard?tab=quotes');
    const cards = page.getByTestId('quote-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    for (let i = 0; i < 3; i++) {
      await cards.nth(i).getByRole('button', { name: 'Mark Contacted' }).click();
      await expect.poll(() => cards.nth(i).getByTestId('quote-status').textContent()).toBe('contacted');
    }

    // Quotes computes the responsiveness; the directory carries it to the company page.
    await expect
      .poll(
        async () => {
          await page.goto(`/company/${companyId}`);
          await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
          return (await page.getByTestId('response-time').count()) > 0 ? await page.getByTestId('response-time').textContent() : '';
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('Usually responds within 1 hour · answers 100% of requests');
    await screenshot(page, 'company-response-time');
  });

  it('a city request in Miami reaches exactly the 5 best-matched companies, said before sending and named in the toast', async () => {
    const { page } = await e2e.session();
    const preview = await page.request.get(`/api/city-quote-requests/preview?targetCity=${encodeURIComponent('Miami, FL')}`);
    const { companiesServing } = (await preview.json()) as { companiesServing: number };
    // Before issue 21 a request went to every company serving Miami.
    expect(companiesServing).toBeGreaterThan(5);
    console.info(`city request to Miami, FL: before = ${companiesServing} companies contacted, after = 5`);

    await page.goto('/request-city-quote');
    await page.getByLabel('City of Service').fill('Miami, FL');
    await fillMiamiWeddingRequest(page, { name: 'Morgan Bride', email: 'morgan.bride@example.com', phone: '305-555-0142' });
    const reach = page.getByTestId('city-quote-reach');
    await expect
      .poll(() => reach.textContent())
      .toContain(`Your request will go to 5 limousine companies in this city, the best matched of ${companiesServing}`);
    await screenshot(page, 'city-quote-reach');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/city-quote-requests') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Quote Request' }).click();
    const created = (await (await answer).json()) as { companiesNotified: number; companies: Array<{ name: string }> };
    expect(created.companiesNotified).toBe(5);
    expect(created.companies).toHaveLength(5);
    const toast = await expectToast(page, 'Quote Request Sent!');
    expect(toast).toContain(`sent to 5 limousine companies in Miami, FL: ${created.companies.map((c) => c.name).join(', ')}.`);
    await page.waitForURL((url) => url.pathname === '/');

    // The customer's confirmation lists the five.
    const confirmation = await e2e.mailTo('morgan.bride@example.com', 'city-quote-confirmation');
    for (const c of created.companies) expect(confirmation.text).toContain(c.name);
  });
});
