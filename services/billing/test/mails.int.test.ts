import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '@limo/contracts';
import { call, sharedHarness, startBilling, userOf, waitFor } from './support.js';
import { approve, mailsTo, ownerWithPaidClaim } from './routes/billing-flow.js';

const h = sharedHarness(() => startBilling());

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('billing mails (plain text and HTML, one per event however often it is delivered)', () => {
  it('sends the receipt, the claim confirmation and the approval; a redelivered success mails no second receipt', async () => {
    const { email, company, paymentIntentId, claimId } = await ownerWithPaidClaim(h);
    const [receipt] = await mailsTo(h, email, 'receipt');
    expect(receipt.subject).toMatch(/^Your LimoDirectory receipt LD-[A-Z0-9]+: \$75\.00$/);
    for (const part of [receipt.text, receipt.html!]) {
      expect(part).toContain('$75.00');
      expect(part).toContain('Visa ending in 4242');
      expect(part).toMatch(/Receipt number: LD-/);
      expect(part).toContain(`claim of ${company.name}`);
      expect(part).toMatch(/Date: [A-Z][a-z]+ \d+, \d{4}/);
      expect(part).toContain('Cancel subscription');
      // The support mailbox the site names and its contact form writes to, whatever host serves the site.
      expect(part).toContain(`Questions? Write to ${SUPPORT_EMAIL}.`);
    }
    const [submitted] = await mailsTo(h, email, 'claim-submitted');
    expect(submitted.subject).toBe(`We received your claim of ${company.name}`);
    expect(submitted.html).toContain('1-2 business days');

    const event = h.published.find(
      (e) => e.type === 'payment.succeeded.v1' && (e.data as { paymentIntentId: string }).paymentIntentId === paymentIntentId,
    )!;
    await h.ctx.bus.publish([{ ...event, id: randomUUID() }]);
    await approve(h, claimId);
    const [approved] = await mailsTo(h, email, 'claim-approved');
    expect(approved.subject).toBe(`Your claim of ${company.name} was approved`);
    expect(approved.text).toContain('http://limo.test/dashboard');
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'receipt')).toHaveLength(1);
  });

  it('mails the claim rejection with the admin’s reason', async () => {
    const { email, claimId } = await ownerWithPaidClaim(h);
    const res = await call(h, 'POST', `/api/admin/business-claims/${claimId}/reject`, userOf(h, 'admin'), {
      reason: 'The phone number does not answer',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(h, email, 'claim-rejected');
    expect(mail.text).toContain('Reason: The phone number does not answer');
    expect(mail.html).toContain('The phone number does not answer');
  });

  it('sends a receipt on each renewal and, when a renewal fails, a mail with the link to update the card', async () => {
    const { email, subscriptionId, owner, claimId } = await ownerWithPaidClaim(h);
    await approve(h, claimId);
    await mailsTo(h, email, 'receipt');
    h.simulator().advance(YEAR_MS + 1000);
    const receipts = await mailsTo(h, email, 'receipt', 2);
    expect(receipts[1].text).toContain('Your yearly subscription renewed');
    expect(receipts[1].text).toContain('Visa ending in 4242');
    const mine = await waitFor(async () => {
      const body = (await call(h, 'GET', '/api/my-subscription', owner)).json();
      return body.invoices.length === 2 ? body : undefined;
    });
    expect(mine.invoices[0].description).toBe('Business Directory Access (renewal)');

    h.simulator().advance(YEAR_MS + 1000, { renewalFails: true });
    const [failed] = await mailsTo(h, email, 'payment-failed');
    expect(failed.subject).toBe('Your LimoDirectory payment failed: please update your card');
    expect(failed.text).toContain('http://limo.test/dashboard?tab=billing');
    expect(failed.html).toContain('http://limo.test/dashboard?tab=billing');
    await waitFor(async () => (await h.service.deps.subscriptions.findById(subscriptionId))?.status === 'past_due');
  });
});
