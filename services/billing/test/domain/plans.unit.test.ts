import { describe, expect, it } from 'vitest';
import { CLAIM_PLAN } from '@limo/contracts';
import { claimNextSteps, listingNextSteps, YEARLY_PRICE_DOLLARS } from '../../src/domain/plans.js';

// The payment-success page's "next steps" (§2.3) and the price the admin card counts revenue with.
describe('the claim plan', () => {
  it('costs $75 a year, decided by the server', () => {
    expect(YEARLY_PRICE_DOLLARS).toBe(75);
    expect(CLAIM_PLAN.amount).toBe(7500);
  });
});

describe('next steps after paying', () => {
  it('for a claim, first tells a new claimer to set a password from the mail, an existing one to sign in', () => {
    const fresh = claimNextSteps(true, 'ann@example.com');
    const known = claimNextSteps(false, 'ann@example.com');
    expect(fresh[0]).toMatch(/^Check ann@example\.com for the link to set your password \(it expires in 1 hour/);
    expect(known[0]).toBe('Sign in with ann@example.com to open your dashboard.');
    expect(fresh.slice(1)).toEqual(known.slice(1));
    expect(known.slice(1)).toEqual([
      expect.stringMatching(/^Open your dashboard: .*quotes and reviews right away, with limited editing/),
      expect.stringMatching(/^Our team verifies your claim within 1-2 business days; profile changes go through a change request/),
      expect.stringMatching(/^Once verified, you get full editing rights/),
      expect.stringMatching(/^Your \$75\/year subscription renews automatically; you can cancel anytime in the Billing tab/),
    ]);
  });

  it('for a listing, says whether the existing listing became the paid one or a new one was created', () => {
    const upgrade = listingNextSteps(true);
    const created = listingNextSteps(false);
    expect(upgrade[0]).toMatch(/^Your existing listing is now the paid listing: no second copy/);
    expect(created[0]).toBe('Your listing is created and owned by your account.');
    expect(upgrade.slice(1)).toEqual(created.slice(1));
    expect(created.slice(1)).toEqual([
      expect.stringMatching(/^Our team verifies your listing within 1-2 business days; then it shows the Verified Owner badge/),
      expect.stringMatching(/^Open your dashboard to see .*your receipts in the Billing tab/),
      expect.stringMatching(/^Your \$75\/year subscription renews automatically/),
    ]);
  });
});
