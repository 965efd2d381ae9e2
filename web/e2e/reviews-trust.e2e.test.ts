import { expect, it } from 'vitest';
import { BrowserSuite, describeInBrowser, expectToast, isoDaysFromNow, registerOwnerWithCompany, screenshot, signIn } from './support';

// Issue 21, parts 1 and 2 in the browser: a customer who asked a company for a quote reviews it
// through the single-use link of their confirmation mail (no name to type, marked "Verified
// customer"); the owner replies from the dashboard; an admin approves the reply; the company page
// shows it under the review.
const e2e = new BrowserSuite();

const OWNER = { username: 'replying-owner', email: 'owner@bayside-reply-limo.example', password: 'owner-pass-replies-1' };
const COMPANY = 'Bayside Reply Limousines';
const CUSTOMER = { name: 'Rita Verified', email: 'rita@verified-rider.example' };
const REPLY = 'Thank you, Rita! We look forward to driving you again.';

describeInBrowser('verified reviews and owner replies in the browser (issue 21)', () => {
  e2e.start();
  let companyId = '';
  let reviewPath = '';

  it("mails the customer of a quote a link to review the company, and the review through it is a verified customer's", async () => {
    const owner = await e2e.session();
    const headers = { origin: e2e.product.url };
    companyId = await registerOwnerWithCompany(owner.page, e2e.product.url, OWNER, {
      name: COMPANY,
      fullAddress: '200 Bayshore Blvd, Tampa, FL 33606',
      address: '200 Bayshore Blvd',
      city: 'Tampa',
      state: 'FL',
      zipCode: '33606',
      email: 'dispatch@bayside-reply-limo.example',
    });

    const { page } = await e2e.session();
    const quote = await page.request.post('/api/quote-requests', {
      headers,
      data: {
        companyId,
        customerName: CUSTOMER.name,
        customerEmail: CUSTOMER.email,
        customerPhone: '(813) 555-0142',
        serviceType: 'Wedding',
        pickupLocation: '1 Bayshore Blvd, Tampa, FL',
        tripDate: isoDaysFromNow(5),
        tripTime: '4:00 PM',
        passengerCount: '5-8',
      },
    });
    expect(quote.status(), await quote.text()).toBe(201);

    // The confirmation mail carries the link (its host is the product's PUBLIC_URL: the path is what counts).
    const mail = await e2e.mailTo(CUSTOMER.email, 'quote-confirmation');
    const link = /https?:\/\/\S+?(\/company\/\S+reviewToken=[^\s#]+(?:#\S+)?)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    reviewPath = link!;
    await page.goto(reviewPath);
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
    await page.getByRole('heading', { name: 'Write a Review' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByText(`Reviewing as ${CUSTOMER.name}`).waitFor();
    expect(await form.getByLabel('Your Name').count()).toBe(0);
    await form.getByLabel('Rating').selectOption('5');
    await form.getByLabel('Comment').fill('On time, spotless car and a very kind driver.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review submitted successfully!');

    // The link works once.
    const again = await page.request.get(
      `/api/reviews/links?reviewToken=${encodeURIComponent(new URL(reviewPath, e2e.product.url).searchParams.get('reviewToken') ?? '')}`,
    );
    expect(again.status()).toBe(409);
  });

  it('the admin approves the review, the owner replies, the admin approves the reply, and the page shows both', async () => {
    const admin = await e2e.session();
    await signIn(admin.page, e2e.product.admin, '/admin');
    await admin.page.goto('/admin?tab=reviews');
    await admin.page.getByRole('button', { name: `Approve ${CUSTOMER.name}'s review of ${COMPANY}` }).click();
    await expectToast(admin.page, 'Review approved successfully!');

    const visitor = await e2e.session();
    await visitor.page.goto(`/company/${companyId}`);
    const review = visitor.page.getByRole('listitem').filter({ hasText: 'On time, spotless car' });
    await review.getByText('Verified customer').waitFor();

    // The owner replies from the dashboard's Reviews tab.
    const owner = await e2e.session();
    await signIn(owner.page, OWNER, '/dashboard');
    await owner.page.goto('/dashboard?tab=reviews');
    await owner.page.getByRole('textbox', { name: `Reply to ${CUSTOMER.name}` }).fill(REPLY);
    await owner.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectToast(owner.page, 'Reply sent for approval');

    // Not shown before an admin approves it.
    await visitor.page.reload();
    await review.getByText('Verified customer').waitFor();
    expect(await visitor.page.getByText(REPLY).count()).toBe(0);

    await admin.page.goto('/admin?tab=reviews');
    // All Reviews, filtered to the replies waiting for an admin (the demo directory has many reviews).
    await admin.page.getByText('Replies awaiting approval').click();
    const pending = admin.page.getByTestId('admin-owner-reply').filter({ hasText: REPLY });
    await pending.getByRole('button', { name: 'Approve reply' }).click();
    // Approved: it leaves the list of replies waiting.
    await pending.waitFor({ state: 'detached' });

    await visitor.page.reload();
    const reply = visitor.page.getByRole('region', { name: 'Reply from the owner' }).or(visitor.page.getByLabel('Reply from the owner'));
    await reply.getByText(REPLY).waitFor();
    await screenshot(visitor.page, 'review-reply');
  });
});
