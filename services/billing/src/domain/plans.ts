import { CLAIM_PLAN } from '@limo/contracts';

/** The plan's price in whole dollars (the admin card's revenue figure). */
export const YEARLY_PRICE_DOLLARS = CLAIM_PLAN.amount / 100;

/** The steps the payment-success page lists (§2.3), in order. */
export function claimNextSteps(passwordSetupRequired: boolean, email: string): string[] {
  return [
    ...(passwordSetupRequired
      ? [`Check ${email} for the link to set your password (it expires in 1 hour; request a new one from "Forgot password" any time).`]
      : [`Sign in with ${email} to open your dashboard.`]),
    'Open your dashboard: you can see your listing, quotes and reviews right away, with limited editing.',
    'Our team verifies your claim within 1-2 business days; profile changes go through a change request until then.',
    'Once verified, you get full editing rights and your listing shows as claimed.',
    'Your $75/year subscription renews automatically; you can cancel anytime in the Billing tab of your dashboard and the listing stays active until the end of the paid year.',
  ];
}

/** The steps the payment-success page lists for a paid listing or an upgrade. */
export function listingNextSteps(upgrade: boolean): string[] {
  return [
    upgrade
      ? 'Your existing listing is now the paid listing: no second copy of your company was created.'
      : 'Your listing is created and owned by your account.',
    'Our team verifies your listing within 1-2 business days; then it shows the Verified Owner badge.',
    'Open your dashboard to see your listing, quotes and reviews, and your receipts in the Billing tab.',
    'Your $75/year subscription renews automatically; you can cancel anytime in the Billing tab of your dashboard and the listing stays active until the end of the paid year.',
  ];
}
