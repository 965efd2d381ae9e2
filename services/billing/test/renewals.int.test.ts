import { describe, expect, it } from 'vitest';
import { sharedHarness, startBilling } from './support.js';
import { approve, mailsTo, ownerWithPaidClaim } from './routes/billing-flow.js';

// The renewal path of the simulator (its clock moved forward, as the provider's time passes): the
// "renews in 7 days" notice once per period (the owner's card update that pays a failed renewal:
// routes/my-subscription/card.renewal.int.test.ts).
const h = sharedHarness(() => startBilling());

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;

describe('renewal notice, 7 days before the yearly renewal', () => {
  it('is mailed once per period (plain text and HTML), with the date, the amount, the card and the Billing link', async () => {
    const { email, claimId, company } = await ownerWithPaidClaim(h);
    await approve(h, claimId);
    h.simulator().advance(YEAR_MS - 8 * DAY_MS);
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toEqual([]);

    h.simulator().advance(2 * DAY_MS);
    const [notice] = await mailsTo(h, email, 'renewal-reminder');
    expect(notice.subject).toMatch(/^Your LimoDirectory subscription renews on [A-Z][a-z]+ \d+, \d{4}$/);
    for (const part of [notice.text, notice.html!]) {
      expect(part).toContain('$75.00');
      expect(part).toContain('Visa ending in 4242');
      expect(part).toContain(company.name);
      expect(part).toContain('http://limo.test/dashboard?tab=billing');
    }
    // Later moves within the same period send no second notice; the renewal itself sends its receipt.
    h.simulator().advance(DAY_MS);
    h.simulator().advance(DAY_MS);
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toHaveLength(1);
    h.simulator().advance(5 * DAY_MS);
    await mailsTo(h, email, 'receipt', 2);
    expect((await h.ctx.outbox()).filter((m) => m.to === email && m.tag === 'renewal-reminder')).toHaveLength(1);
  });
});
