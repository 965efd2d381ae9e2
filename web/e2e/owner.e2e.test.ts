import { expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  isoDaysFromNow,
  screenshot,
  expectToast,
  BrowserSuite,
  payWithCard,
  signUpBusiness as signUp,
  firstAvailableIn,
  signIn,
} from './support';

// The owner side (owner-admin-side.md §1-§9 without the admin dashboard) driven in headless
// Chromium against the real embedded product: the payment simulator, the file mailer, the demo directory.
const e2e = new BrowserSuite();

describeInBrowser('owner side in the browser', () => {
  e2e.start();

  it('resets a password from the mailed link, then signs in to the dashboard', async () => {
    const { page } = await e2e.session();
    const { email } = await signUp(page, 'resetter');
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form (with its own Email field) stays on screen while the page's chunk loads: under
    // load, filling before the new heading shows typed into the outgoing form.
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await expectToast(page, 'Reset Link Sent');
    const mail = await e2e.mailTo(email, 'password-reset');
    const link = /http\S+\/reset-password\?token=\S+/.exec(mail.text)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('textbox', { name: 'New Password' }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByRole('textbox', { name: 'New Password' }).getAttribute('type')).toBe('text');
    await page.getByRole('textbox', { name: /^Confirm Password/ }).fill('brand-new-pass');
    await screenshot(page, 'reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await page.waitForURL('**/login', { timeout: 6000 });
    // The link is single-use.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('textbox', { name: 'New Password' }).fill('another-pass');
    await page.getByRole('textbox', { name: /^Confirm Password/ }).fill('another-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await signIn(page, { email, password: 'brand-new-pass' }, '/dashboard');
    await page.getByRole('heading', { name: 'No Business Listing Found' }).waitFor();
  });

  it('refuses a declined card with the spec toast and creates no claim', async () => {
    const { page } = await e2e.session();
    await signUp(page, 'decliner');
    const name = await firstAvailableIn(page, 'miami');
    await page.getByRole('button', { name: 'Subscribe for $75/year' }).click();
    await page.getByLabel('Full Name').fill('Dee Cliner');
    await page.getByLabel('Phone').fill('305 555 0111');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL('**/checkout?**');
    await payWithCard(page, '4000 0000 0000 0002');
    await expectToast(page, 'Payment Failed', 'card_error: Your card was declined.');
    expect(page.url()).toContain('/checkout');
    await screenshot(page, 'checkout-declined');
    const mine = await (await page.request.get('/api/my-companies')).json();
    expect(mine).toEqual([]);
    const search = (await (await page.request.get(`/api/all-companies?search=${encodeURIComponent(name)}`)).json()) as {
      items: Array<{ claimed: boolean }>;
    };
    expect(search.items[0]?.claimed).toBe(false);
  });

  it('claims a company with the simulator card, and the owner sees it in /dashboard before and after approval', async () => {
    const { page } = await e2e.session();
    const { email } = await signUp(page, 'claimer');
    const name = await firstAvailableIn(page, 'miami');
    await screenshot(page, 'claim-confirmation');
    await page.getByRole('button', { name: 'Subscribe for $75/year' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields');
    await page.getByLabel('Full Name').fill('Clay Mer');
    await page.getByLabel('Phone').fill('305 555 0122');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL('**/checkout?**');
    await page.getByTestId('test-mode-note').waitFor();
    await screenshot(page, 'checkout');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/payment-success?**');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-details').textContent()).toContain('Pending Review');
    expect(await page.getByTestId('login-credentials').textContent()).toContain(email);
    expect(await page.getByTestId('next-steps').getByRole('listitem').count()).toBeGreaterThan(0);
    await screenshot(page, 'payment-success');

    await page.getByRole('link', { name: 'Access Your Dashboard' }).click();
    await expect.poll(async () => (await page.getByRole('heading', { level: 1 }).textContent()) ?? '', { timeout: 20_000 }).toBe(name);
    await page.getByTestId('state-banner').filter({ hasText: 'Business Claim Pending Verification' }).waitFor();
    expect((await page.getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual([
      'Overview',
      'Quotes',
      'Public View',
      'Request Changes',
      'Request Image Updates',
      'Credentials',
      'Reviews',
      'Billing',
    ]);

    // An admin approves the claim (the admin screens are another branch's; the API is billing's).
    const admin = await e2e.browser.newContext({ baseURL: e2e.product.url });
    expect((await admin.request.post('/api/login', { data: e2e.product.admin })).ok()).toBe(true);
    const claims = (await (await admin.request.get('/api/admin/business-claims?status=pending')).json()) as Array<{
      id: string;
      companyName: string;
    }>;
    const claim = claims.find((c) => c.companyName === name)!;
    expect((await admin.request.post(`/api/admin/business-claims/${claim.id}/approve`, { data: {} })).ok()).toBe(true);
    await admin.close();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('state-banner').textContent();
        },
        { timeout: 20_000 },
      )
      .toContain('Business Listing Active');
    expect((await page.getByRole('tab').allTextContents()).map((t) => t.trim())).toContain('Edit Profile');
  });

  it('registers a paid listing as a visitor, then marks a quote contacted and sees the listing analytics', async () => {
    const { page } = await e2e.session();
    await page.goto('/business-registration');
    await page.getByLabel(/^Email/).fill('newlisting@owner.example');
    await page.getByRole('textbox', { name: /^Password/ }).fill('listing-pass-1');
    await page.getByRole('textbox', { name: /^Confirm Password/ }).fill('listing-pass-1');
    await page.getByLabel('Company Name').fill('Harbor Point Limousine');
    await page.getByLabel('Business Email').fill('book@harborpoint.example');
    await page.getByLabel(/^Phone/).fill('(305) 555-0150');
    await page.getByLabel('Website').fill('harborpoint.example');
    await page.getByLabel('Full Address').fill('200 Biscayne Blvd, Mia');
    await page.getByRole('option', { name: /^200 Biscayne Blvd, Miami, FL/ }).click();
    await expect.poll(() => page.getByLabel('ZIP Code').inputValue()).toMatch(/^\d{5}$/);
    // Chakra's checkboxes are ticked through their labels: Playwright's check() cannot reach the visually hidden input.
    await page.getByRole('group', { name: 'Services', exact: true }).getByText('Wedding', { exact: true }).click();
    await page.getByRole('group', { name: 'Vehicle Types', exact: true }).getByText('Party Bus', { exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Wedding' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Party Bus' }).isChecked()).toBe(true);
    await screenshot(page, 'business-registration');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: /Back to Form/ }).waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Registration Complete!' }).waitFor({ timeout: 20_000 });
    await page.waitForURL('**/dashboard', { timeout: 6000 });
    await expect
      .poll(async () => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('Harbor Point Limousine');
    const [company] = (await (await page.request.get('/api/my-companies')).json()) as Array<{ id: string }>;

    // A visitor finds the company, calls it and asks for a quote. (Analytics drops headless
    // browsers as bots: this one presents an ordinary Chrome.)
    const visitorContext = await e2e.browser.newContext({
      baseURL: e2e.product.url,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const visitor = { page: await visitorContext.newPage() };
    await visitor.page.goto(`/company/${company.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Harbor Point Limousine' }).waitFor();
    const quote = await visitor.page.request.post('/api/quote-requests', {
      data: {
        companyId: company.id,
        customerName: 'Jordan Lee',
        customerEmail: 'jordan@example.com',
        customerPhone: '(305) 555-0199',
        serviceType: 'Wedding',
        pickupLocation: '1 Ocean Dr, Miami, FL',
        tripDate: isoDaysFromNow(20),
        tripTime: '4:00 PM',
        passengerCount: '5-8',
      },
    });
    expect(quote.status(), await quote.text()).toBe(201);
    await visitor.page.getByRole('link', { name: 'Call Now' }).evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await visitor.page.getByRole('link', { name: 'Call Now' }).click();
    await visitor.page.waitForTimeout(500);
    await visitorContext.close();

    await page.goto('/dashboard?tab=quotes');
    const card = page.getByTestId('quote-card').first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Mark Contacted' }).click();
    await expectToast(page, 'Quote status updated successfully!');
    await expect.poll(() => card.getByTestId('quote-status').textContent()).toBe('contacted');
    await screenshot(page, 'dashboard-quotes');

    await page.goto('/dashboard');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('listing-analytics').waitFor();
          return (
            (await page
              .getByTestId('figure-profileViews')
              .textContent()
              .catch(() => '')) ?? ''
          );
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toMatch(/Listing views[1-9]/);
    await page.getByRole('button', { name: '12 months' }).click();
    await page.getByTestId('figure-quoteRequests').waitFor();
    await page.getByRole('button', { name: '30 days' }).click();
    await screenshot(page, 'dashboard-overview');
  });

  it('shows every owner tab at 1280 and 375 px (screenshots) and has no serious accessibility violations', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { page } = await e2e.session(viewport);
      await signIn(page, { email: 'newlisting@owner.example', password: 'listing-pass-1' }, '/dashboard');
      for (const [tab, testId] of [
        ['overview', 'listing-analytics'],
        ['quotes', 'quotes-total'],
        ['public', 'company-card'],
        ['profile', undefined],
        ['images', undefined],
        ['reviews', undefined],
      ] as const) {
        await page.goto(tab === 'overview' ? '/dashboard' : `/dashboard?tab=${tab}`);
        await page.getByTestId('state-banner').waitFor();
        if (testId) await page.getByTestId(testId).first().waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, `dashboard-${tab}-${viewport.width}`);
        if (viewport.width === 1280 && tab === 'overview') await expectNoSeriousA11yViolations(page);
      }
    }
  });

  it('shows the marketing pages and has no serious accessibility violations on /pricing, /checkout and /claim-business', async () => {
    const { page } = await e2e.session();
    await page.goto('/pricing');
    await page.getByTestId('plan-claim').waitFor();
    expect(await page.getByTestId('plan-claim').textContent()).toContain('auto-renews');
    expect(await page.content()).not.toMatch(/one-time/i);
    await screenshot(page, 'pricing');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Contact Sales', exact: true }).click();
    await page.waitForURL('**/contact');
    await page.getByLabel('Your Name').fill('Rosa Diaz');
    await page.getByLabel('Email').fill('rosa@limo.example');
    await page.getByLabel('Message').fill('Which plan fits a fleet of 12 cars?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent');
    await expect
      .poll(async () => (await e2e.product.system.outbox()).some((m) => m.tag === 'contact' && m.replyTo === 'rosa@limo.example'))
      .toBe(true);
    await screenshot(page, 'contact');
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Grow Your Limousine Business' }).waitFor();
    await screenshot(page, 'subscribe');
    await page.goto('/claim-business');
    await page.getByTestId('claim-card').first().waitFor();
    await screenshot(page, 'claim-business');
    await expectNoSeriousA11yViolations(page);
    const unclaimed = (
      (await (await page.request.get('/api/all-companies?search=dallas&limit=50')).json()) as {
        items: Array<{ id: string; claimed: boolean; owned: boolean }>;
      }
    ).items.find((c) => !c.claimed && !c.owned);
    await page.goto(`/checkout?plan=claim&price=75&companyId=${unclaimed!.id}`);
    // A fresh tab, signed out, without stored claimer details: the claimer is asked before any payment exists.
    await page.getByRole('form', { name: 'Claimer details' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Full Name').fill('Rosa Diaz');
    await page.getByLabel('Email').fill('rosa@limo.example');
    await page.getByLabel('Phone').fill('305 555 0133');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByTestId('test-mode-note').waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
