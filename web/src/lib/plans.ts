/** A plan of the pricing page (owner-admin §3 "Plan", fixed in the client). */
export interface Plan {
  id: 'claim' | 'professional' | 'premium';
  name: string;
  /** Dollars. */
  price: number;
  period: 'year' | 'month';
  description: string;
  features: string[];
  popular: boolean;
  /** The card's button: the claim plan's leads to picking a company; the others are not sold online. */
  buttonText: string;
  /** Only the claim plan can be bought online; the others are arranged with sales (issue 17, defect 6). */
  soldOnline: boolean;
}

/** Where "Contact sales" leads for the plans not sold online. */
export const CONTACT_SALES_HREF = '/contact';

/** Where the claim plan's button leads: a claim needs a company, picked on /claim-business. */
export const CLAIM_START_HREF = '/claim-business';

/** The paid three-step listing flow ($75/year) every "$75/year" button of a new listing leads to. */
export const PAID_LISTING_HREF = '/business-registration';

/** The paid flow for an owner's existing (free) listing: the same company becomes paid, no copy. */
export function upgradeHref(companyId: string): string {
  return `${PAID_LISTING_HREF}?${new URLSearchParams({ companyId }).toString()}`;
}

/**
 * The three plans. The claim plan is the product's one online purchase: $75 a year, renewed
 * automatically, cancel anytime (DESIGN.md: never "one-time").
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'claim',
    name: 'Claim Your Business',
    price: 75,
    period: 'year',
    description: 'Take ownership of your listing and start receiving quote requests. Auto-renews yearly; cancel anytime.',
    features: [
      'Verified owner badge',
      'Unlimited quote requests by e-mail and in your dashboard',
      'Edit your profile, photos and services',
      'Reply to customer reviews',
      'Business dashboard with listing analytics',
    ],
    popular: false,
    buttonText: 'Claim for $75/year',
    soldOnline: true,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 29,
    period: 'month',
    description: 'Stand out in your city with priority placement and a photo gallery.',
    features: [
      'Everything in Claim Your Business',
      'Priority placement in city searches',
      'Gallery of up to 10 images',
      'PREMIUM badge on your listing',
      'Monthly performance report',
    ],
    popular: true,
    buttonText: 'Contact sales',
    soldOnline: false,
  },
  {
    id: 'premium',
    name: 'Premium Elite',
    price: 79,
    period: 'month',
    description: 'Top placement across your state and a dedicated account manager.',
    features: [
      'Everything in Professional',
      'Top placement statewide',
      'Featured on the home page',
      'Dedicated account manager',
      'Priority support within 6 hours',
    ],
    popular: false,
    buttonText: 'Contact sales',
    soldOnline: false,
  },
];

/** The claim plan as checkout sells it (owner-admin §2.2). */
export const CLAIM_PLAN = PLANS[0];

/** The checkout link of a plan (owner-admin §2.1: query parameters plan and price). */
export function checkoutHref(plan: Pick<Plan, 'id' | 'price'>, companyId?: string): string {
  const q = new URLSearchParams({ plan: plan.id, price: String(plan.price) });
  if (companyId) q.set('companyId', companyId);
  return `/checkout?${q.toString()}`;
}
