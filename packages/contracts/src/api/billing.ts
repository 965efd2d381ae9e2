import { z } from 'zod';
import { currentUserSchema, subscriberSchema, adminStatsSchema } from './identity.js';
import { companyCreateBodySchema } from './directory/companies.js';
import { requiredString, requiredText } from './common.js';
import { DEFAULT_MAP_STYLE_URL } from '../maps.js';

// ---------------------------------------------------------------------------------------------
// Plans and providers (owner-admin §2.2, §9; DESIGN: one product, $75/year, auto-renewing)
// ---------------------------------------------------------------------------------------------

/** The one plan checkout recognises: "Business Directory Access", $75 a year, auto-renewing. */
export const CLAIM_PLAN = {
  id: 'claim',
  name: 'Business Directory Access',
  /** Cents. */
  amount: 7500,
  currency: 'usd',
  interval: 'year',
} as const;

/** Plans the server sells, by id. Only `claim` exists; the listing flow buys the same plan. */
export const planIdSchema = z.enum(['claim'], {
  error: 'Unknown plan: only the claim plan ("Business Directory Access", $75/year) is available',
});
export type PlanId = z.infer<typeof planIdSchema>;

/** The plan as `GET /api/payments/config` describes it. */
export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  interval: z.literal('year'),
});
export type Plan = z.infer<typeof planSchema>;

/** Which payments adapter is active: Stripe Billing, or the offline simulator (test mode). */
export const paymentProviderSchema = z.enum(['stripe', 'simulator']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** What a payment is for: claiming an existing listing, or paying for a new one (§2.5). */
export const paymentPurposeSchema = z.enum(['claim', 'business_listing']);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

const companyIdField = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, 'Company not found');

// ---------------------------------------------------------------------------------------------
// GET /api/payments/config
// ---------------------------------------------------------------------------------------------

/** `GET /api/payments/config`: what the checkout needs to load the right card form. */
export const paymentsConfigResponseSchema = z.object({
  provider: paymentProviderSchema,
  /** Stripe's publishable key (`pk_...`); null with the simulator. */
  publishableKey: z.string().nullable(),
  /** True with the simulator and with Stripe test keys. */
  testMode: z.boolean(),
  plan: planSchema,
  /** Cards the simulator knows (empty with Stripe). */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/create-payment-intent
// ---------------------------------------------------------------------------------------------

/** Metadata the two flows send (§7): the claim flow `plan_name`, the listing flow `type`, `companyName`, `email`. */
export const paymentIntentMetadataSchema = z
  .object({
    plan_name: z.string().max(200).optional(),
    type: z.string().max(50).optional(),
    companyName: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
  })
  .catchall(z.unknown());

/**
 * `POST /api/create-payment-intent`. The amount is decided by the server's plan table: a sent
 * `amount` is accepted and ignored (a different one is logged). The claim flow needs `companyId`;
 * the listing flow (`metadata.type: business_listing`) sends it when the listing was created first
 * (signed-in owner) and omits it for a visitor (the listing is created after payment).
 */
export const createPaymentIntentBodySchema = z.object({
  // Ignored beyond a log line, but still a number (or numeric text) as the spec's client sends it.
  amount: z
    .union([z.number(), z.string().max(32)], { error: 'amount must be a number' })
    .nullable()
    .optional(),
  /** `listing`: pay for a listing (a new one, or the upgrade of the signed-in owner's free listing `companyId`). */
  plan: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'claim' : v),
    z.enum(['claim', 'listing'], {
      error: 'Unknown plan: only the claim plan ("Business Directory Access", $75/year) is available, for a claim or a listing',
    }),
  ),
  companyId: companyIdField('Company is required').optional(),
  metadata: paymentIntentMetadataSchema.optional(),
  /**
   * The claimer's details (claim flow): required from a signed-out payer, before any payment exists;
   * stored with the payment, so the claim is made from it (success page or webhook) whatever the browser kept.
   */
  claimerDetails: z.lazy(() => claimerDetailsSchema).optional(),
});
export type CreatePaymentIntentBody = z.output<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({
  /** Handed to the card form (Stripe Elements or the simulator's form). */
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** The yearly subscription the first payment starts. */
  subscriptionId: z.string().nullable(),
  plan: planIdSchema,
  /** Cents, from the plan table. */
  amount: z.number().int(),
  currency: z.string(),
  provider: paymentProviderSchema,
  testMode: z.boolean(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/payments/simulator/confirm (simulator only)
// ---------------------------------------------------------------------------------------------

/** The simulator's card form: test cards 4242 4242 4242 4242, 4000 0000 0000 0002, 4000 0025 0000 3155. */
export const simulatorConfirmBodySchema = z.object({
  clientSecret: requiredString('Payment session is missing').min(1, 'Payment session is missing').max(300, 'Payment session is not valid'),
  cardNumber: requiredString('Please complete all payment fields.')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
  expiry: requiredString('Please complete all payment fields.')
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "Your card's expiration date is invalid (MM/YY)."),
  cvc: requiredString('Please complete all payment fields.')
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
  /** Completes a `requires_action` payment (the simulator's stand-in for 3-D Secure). */
  authenticate: z.boolean().optional(),
});
export type SimulatorConfirmBody = z.output<typeof simulatorConfirmBodySchema>;

/** PaymentIntent states (Stripe's names). */
export const paymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

/** Answer of the simulator's confirm; a declined card is a 402 with the decline message instead. */
export const simulatorConfirmResponseSchema = z.object({
  status: paymentIntentStatusSchema,
  paymentIntentId: z.string(),
  testMode: z.literal(true),
  /** Shown for `requires_action`: confirm again with `authenticate: true`. */
  nextAction: z.string().nullable(),
});
export type SimulatorConfirmResponse = z.infer<typeof simulatorConfirmResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/process-payment-success (§2.3)
// ---------------------------------------------------------------------------------------------

export const businessRoleSchema = z.enum(['owner', 'manager', 'admin', 'employee'], {
  error: 'Business role must be owner, manager, admin or employee',
});
export type BusinessRole = z.infer<typeof businessRoleSchema>;

const MISSING = 'Please fill in all required fields';

/** Claimer details (session storage `claimerDetails`; the claimer modal's rules, §5). */
export const claimerDetailsSchema = z.object(
  {
    name: requiredString(MISSING).trim().min(1, MISSING).max(200, 'Name must be at most 200 characters'),
    email: requiredString(MISSING)
      .trim()
      .min(1, MISSING)
      .max(254, 'Please enter a valid email')
      .email('Please enter a valid email')
      .transform((v) => v.toLowerCase()),
    phone: requiredString(MISSING)
      .trim()
      .min(1, MISSING)
      .max(40, 'Phone must be at most 40 characters')
      .refine((v) => (v.match(/\d/g) ?? []).length >= 7, 'Please enter a valid phone number'),
    role: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(businessRoleSchema.options, {
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? MISSING : 'Business role must be owner, manager, admin or employee',
      }),
    ),
  },
  { error: MISSING },
);
export type ClaimerDetails = z.output<typeof claimerDetailsSchema>;

/** The payment as the page has it: the PaymentIntent id, or the object Stripe.js returned. */
const paymentIntentRef = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && 'id' in v ? v.id : v),
  requiredText('Payment is missing', 200, 'Payment not found'),
);

/** `POST /api/process-payment-success`: `paymentIntent`, `plan`, `companyId`, `claimerDetails` (§7). */
export const processPaymentSuccessBodySchema = z.object({
  paymentIntent: paymentIntentRef,
  /** `listing`: the payment of a business listing (a new one or an upgrade): the page shows that listing. */
  plan: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'claim' : v),
    z.enum(['claim', 'listing'], { error: 'Unknown plan: a payment is for a claim or a listing' }),
  ),
  companyId: companyIdField('Company is required'),
  /** Only for a payment made before its details were stored with it: the stored details win. */
  claimerDetails: claimerDetailsSchema.optional(),
  /**
   * The PaymentIntent's client secret (the page's `payment_intent_client_secret`): proof that the caller
   * made the payment. Required by the server for a payment made signed out.
   */
  paymentIntentClientSecret: z.string().max(500).optional(),
  /** Same as `paymentIntentClientSecret`. */
  clientSecret: z.string().max(500).optional(),
});
export type ProcessPaymentSuccessBody = z.output<typeof processPaymentSuccessBodySchema>;

/** What §2.3 reads: plan, claimId, dashboardAccess.email, nextSteps; the rest is for the page's details. */
export const claimPaymentSuccessSchema = z.object({
  plan: z.literal('claim'),
  claimId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  /** Cents. */
  paymentAmount: z.number().int(),
  /** The claim's status: pending until an admin decides. */
  status: z.enum(['pending', 'approved', 'rejected']),
  dashboardAccess: z.object({
    email: z.string(),
    /** True when the account was created for this claim: a set-password link was mailed. */
    passwordSetupRequired: z.boolean(),
    loginUrl: z.string(),
    dashboardUrl: z.string(),
  }),
  nextSteps: z.array(z.string()),
  testMode: z.boolean(),
});

/** The payment-success page of a listing payment (a new paid listing or an upgrade): the stored listing it paid for. */
export const listingPaymentSuccessSchema = z.object({
  plan: z.literal('listing'),
  paymentIntentId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  /** Cents. */
  paymentAmount: z.number().int(),
  /** `paid`, or `refunded` once an admin refunded it. */
  status: z.enum(['paid', 'refunded']),
  /** True when an existing free listing became the paid one (no new company). */
  upgrade: z.boolean(),
  dashboardAccess: z.object({ email: z.string().nullable(), loginUrl: z.string(), dashboardUrl: z.string() }),
  nextSteps: z.array(z.string()),
  testMode: z.boolean(),
});

/** `POST /api/process-payment-success`: the claim or the listing of the payment, told apart by `plan`. */
export const processPaymentSuccessResponseSchema = z.discriminatedUnion('plan', [claimPaymentSuccessSchema, listingPaymentSuccessSchema]);
export type ProcessPaymentSuccessResponse = z.infer<typeof processPaymentSuccessResponseSchema>;
export type ClaimPaymentSuccess = z.infer<typeof claimPaymentSuccessSchema>;
export type ListingPaymentSuccess = z.infer<typeof listingPaymentSuccessSchema>;

// ---------------------------------------------------------------------------------------------
// Business claims (§3, §2.9 tab 2)
// ---------------------------------------------------------------------------------------------

export const claimStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** A business claim (§3 Business claim, plus what a rejection did to the payment). */
export const businessClaimSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  /** The claimer's account; null for the moment between payment and account creation. */
  userId: z.string().nullable(),
  companyName: z.string(),
  claimerName: z.string(),
  claimerEmail: z.string(),
  claimerPhone: z.string(),
  businessRole: businessRoleSchema,
  stripePaymentIntentId: z.string(),
  /** Cents (the admin screen divides by 100). */
  paymentAmount: z.number().int(),
  status: claimStatusSchema,
  adminNotes: z.string().nullable(),
  verificationDocuments: z.array(z.string()),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** `refunded` after a rejection refunded the payment; `failed` when the provider refused (retried). */
  refundStatus: z.enum(['none', 'pending', 'refunded', 'failed']),
  /**
   * Set when a signed-out payer named the e-mail of an existing account: the claim is not linked to
   * that account (no mail to it) until the admin sorts it out.
   */
  accountReview: z.enum(['email-of-another-account']).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessClaim = z.infer<typeof businessClaimSchema>;

/** `GET /api/admin/business-claims?status=`: every claim by default, pending first then newest first. */
export const businessClaimListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'Status must be pending, approved, rejected or all' }).default('all'),
});
export const businessClaimListResponseSchema = z.array(businessClaimSchema);

/** `POST /api/admin/business-claims/{id}/approve` (body optional). */
export const approveClaimBodySchema = z
  .object({
    adminNotes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    /** Full edit rights at once (default true: approving is the verification). */
    businessVerified: z.boolean({ error: 'businessVerified must be true or false' }).optional(),
  })
  .nullish();

/** `POST /api/admin/business-claims/{id}/reject` (body optional). */
export const rejectClaimBodySchema = z
  .object({
    adminNotes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters').optional(),
  })
  .nullish();

/** Answer of approve and reject. */
export const claimDecisionResponseSchema = z.object({
  message: z.string(),
  claim: businessClaimSchema,
});
export type ClaimDecisionResponse = z.infer<typeof claimDecisionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Paid listing registration (§2.5, §5)
// ---------------------------------------------------------------------------------------------

const websiteField = companyCreateBodySchema.shape.website;

/**
 * The business listing payload of the paid listing flow (§3), with §5's rules: name ("Company name
 * is required"), a valid business e-mail, a website (required, a URL) and the full address.
 * `isPaid` is accepted and ignored: the listing is paid when its payment succeeded.
 */
export const businessListingBodySchema = companyCreateBodySchema.extend({
  businessEmail: requiredString('Please enter a valid business email')
    .trim()
    .max(254, 'Please enter a valid business email')
    .email('Please enter a valid business email')
    .transform((v) => v.toLowerCase()),
  website: requiredString('Website is required')
    .trim()
    .min(1, 'Website is required')
    .transform((v, ctx) => {
      const parsed = websiteField.safeParse(v);
      if (!parsed.success || !parsed.data) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid website URL' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  isPaid: z.unknown().optional(),
  /** The payment of this listing, when it was paid before the listing was sent (visitor flow). */
  paymentIntentId: z.string().trim().min(1).max(200).optional(),
});
export type BusinessListingBody = z.output<typeof businessListingBodySchema>;

/** `POST /api/register-business-listing`: the registration user payload (§3) with §5's messages. */
export const listingUserDataSchema = z
  .object({
    username: z.string().trim().max(100, 'Username must be at most 100 characters').optional(),
    email: requiredString('Please enter a valid email').trim().max(254, 'Please enter a valid email').email('Please enter a valid email'),
    password: requiredString('Password must be at least 6 characters')
      .min(6, 'Password must be at least 6 characters')
      .max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string().optional(),
    role: z.string().optional(),
  })
  .refine((u) => u.confirmPassword === undefined || u.confirmPassword === u.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const registerBusinessListingBodySchema = z.object({
  userData: listingUserDataSchema,
  companyData: businessListingBodySchema,
  /** The paid PaymentIntent (the page has it after the payment step). */
  paymentIntentId: z.string().trim().min(1).max(200).optional(),
});
export type RegisterBusinessListingBody = z.output<typeof registerBusinessListingBodySchema>;

/** Answer of both listing routes. */
export const businessListingResponseSchema = z.object({
  message: z.string(),
  companyId: z.string(),
  name: z.string(),
  /** True once the listing's payment succeeded (it is active from then on). */
  isPaid: z.boolean(),
  /** Pay with `POST /api/create-payment-intent` `{ plan: 'claim', companyId, metadata: { type: 'business_listing' } }` while false. */
  paymentRequired: z.boolean(),
  /** The account, for `register-business-listing` (signed in by the answer's cookie). */
  user: currentUserSchema.optional(),
});
export type BusinessListingResponse = z.infer<typeof businessListingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Subscriptions (§1, §3 subscriptionInfo, Subscriber, Stats)
// ---------------------------------------------------------------------------------------------

/** Stripe's subscription states. `active` counts as a paid subscriber. */
export const subscriptionStatusSchema = z.enum(['incomplete', 'incomplete_expired', 'active', 'past_due', 'canceled', 'unpaid']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** A company's subscription as its owner and the admins see it. */
export const subscriptionViewSchema = z.object({
  subscriptionId: z.string(),
  /** Null only for a visitor's listing payment whose listing is not registered yet. */
  companyId: z.string().nullable(),
  userId: z.string().nullable(),
  status: subscriptionStatusSchema,
  /** End of the paid period: the renewal date, or when a cancelled subscription stops. */
  currentPeriodEnd: z.string().nullable(),
  /** True after a cancellation: the listing stays active until `currentPeriodEnd`. */
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Cents a year. */
  amount: z.number().int(),
  provider: paymentProviderSchema,
  /** `pending` while the paid claim waits for an admin ("Active · verification pending"). */
  verification: z.enum(['pending', 'verified']).optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** `GET /api/subscriptions`: the signed-in user's subscriptions (admins: `?companyId=` any company's). */
export const subscriptionListQuerySchema = z.object({ companyId: z.string().trim().min(1).max(64).optional() });
export const subscriptionListResponseSchema = z.array(subscriptionViewSchema);

/** `POST /api/subscriptions/{id}/cancel` (admin, "cancellation goes through support"): ends at the period's end. */
export const cancelSubscriptionResponseSchema = z.object({ message: z.string(), subscription: subscriptionViewSchema });

/** `GET /api/admin/subscribers`: one row per subscriber account, billing's truth (§3 Subscriber). */
export const adminSubscribersResponseSchema = z.array(subscriberSchema);
/** `GET /api/admin/stats`: `monthlyRevenue` is the annual revenue of active subscriptions in dollars (the card says "annual"). */
export const adminStatsResponseSchema = adminStatsSchema;

// ---------------------------------------------------------------------------------------------
// Provider keys (§2.9 Settings; DESIGN: stored encrypted, never returned whole)
// ---------------------------------------------------------------------------------------------

const keyField = (label: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} is too long`)
    .refine((v) => v === '' || pattern.test(v), `${label} must look like ${example}`)
    .nullish();

/**
 * `POST /api/admin/api-keys` (§7: stripeSecretKey, stripePublicKey, googleMapsApiKey; plus the
 * webhook secret). An absent or '' field keeps the stored key; null removes it.
 */
export const apiKeysBodySchema = z.object({
  stripeSecretKey: keyField('The payment secret key', /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'sk_live_… or sk_test_…'),
  stripePublicKey: keyField('The payment public key', /^pk_(test|live)_[A-Za-z0-9]+$/, 'pk_live_… or pk_test_…'),
  stripeWebhookSecret: keyField('The webhook secret', /^whsec_[A-Za-z0-9+/=]+$/, 'whsec_…'),
  googleMapsApiKey: keyField('The maps key', /^[A-Za-z0-9_-]{10,200}$/, 'AIza…'),
});
export type ApiKeysBody = z.output<typeof apiKeysBodySchema>;

/** The stored keys, masked (`sk_live_…abcd`); null when not set. */
export const maskedApiKeysSchema = z.object({
  stripeSecretKey: z.string().nullable(),
  stripePublicKey: z.string().nullable(),
  stripeWebhookSecret: z.string().nullable(),
  googleMapsApiKey: z.string().nullable(),
  /** Which payments adapter these keys make active now. */
  provider: paymentProviderSchema,
  updatedAt: z.string().nullable(),
});
export type MaskedApiKeys = z.infer<typeof maskedApiKeysSchema>;

/** Answer of `POST /api/admin/api-keys` ("API Keys Saved"). */
export const apiKeysResponseSchema = z.object({ message: z.string(), keys: maskedApiKeysSchema });

/** `MAP_STYLE_URL` (billing serves it, the gateway's CSP admits its origin): an http(s) URL of a MapLibre style JSON. */
export const mapStyleUrlSetting = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || DEFAULT_MAP_STYLE_URL)
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: 'must be an http(s) URL of a MapLibre style JSON' });

/** Answer of `POST /api/webhooks/stripe`. */
export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Owner self-service (issue 17; Stripe's customer portal is the reference)
// ---------------------------------------------------------------------------------------------

const ownCompanyIdField = z.string({ error: 'companyId must be text' }).trim().min(1, 'companyId must not be empty').max(64);

/** A card as the provider reports it. */
export const cardSchema = z.object({ brand: z.string(), last4: z.string() });
export type Card = z.infer<typeof cardSchema>;

/** One charge of a subscription, as a receipt. */
export const receiptSchema = z.object({
  /** What the receipt mail calls it (derived from the payment). */
  receiptNumber: z.string(),
  paymentIntentId: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  status: z.enum(['paid', 'refunded']),
  refundedAt: z.string().nullable(),
  description: z.string(),
  card: cardSchema.nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** `GET /api/my-subscription?companyId=`: which of the owner's subscriptions (default: the newest of their first company). */
export const mySubscriptionQuerySchema = z.object({ companyId: ownCompanyIdField.optional() });
/** `POST /api/my-subscription/cancel` and `/resume`: `companyId` may come in the body or the query. */
export const mySubscriptionActionBodySchema = z.object({ companyId: ownCompanyIdField.optional() }).nullish();

/**
 * `POST /api/my-subscription/card`: the card the subscription's renewals charge from now on. With the
 * simulator the body carries its test card (a past-due renewal is paid with it at once); with Stripe it
 * carries no card (the number goes to Stripe Elements, never here) and the answer holds the SetupIntent's
 * `clientSecret` to confirm, then `POST /api/my-subscription/card/confirm`.
 */
export const mySubscriptionCardBodySchema = simulatorConfirmBodySchema
  .pick({ cardNumber: true, expiry: true, cvc: true })
  .partial()
  .extend({ companyId: ownCompanyIdField.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type MySubscriptionCardBody = z.output<typeof mySubscriptionCardBodySchema>;

/** `POST /api/my-subscription/card/confirm` (Stripe): the SetupIntent Stripe Elements confirmed. */
export const mySubscriptionCardConfirmBodySchema = z.object({
  companyId: ownCompanyIdField.optional(),
  setupIntentId: requiredString('setupIntentId is required').regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'setupIntentId is not valid'),
});
export type MySubscriptionCardConfirmBody = z.output<typeof mySubscriptionCardConfirmBodySchema>;

/** The owner's subscription as the dashboard's Billing tab shows it. */
export const mySubscriptionSchema = z.object({
  subscriptionId: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  plan: z.object({ id: planIdSchema, name: z.string(), interval: z.literal('year') }),
  status: subscriptionStatusSchema,
  /** Paid, but the claim or listing is waiting for an admin's review. */
  verificationPending: z.boolean(),
  /** E.g. "Active", "Active · verification pending", "Active · ends on 2026-05-01", "Cancelled". */
  statusLabel: z.string(),
  /** Cents a year. */
  amount: z.number().int(),
  currency: z.string(),
  /** The next charge's date, or null when it will not renew. */
  renewsOn: z.string().nullable(),
  /** When the listing stops (cancelled at period end, or ended), else null. */
  endsOn: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  card: cardSchema.nullable(),
  invoices: z.array(receiptSchema),
  /** The owner's other subscriptions (several companies), to switch with `?companyId=`. */
  others: z.array(z.object({ subscriptionId: z.string(), companyId: z.string().nullable(), companyName: z.string().nullable() })),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

export const mySubscriptionActionResponseSchema = z.object({ message: z.string(), subscription: mySubscriptionSchema });
export type MySubscriptionActionResponse = z.infer<typeof mySubscriptionActionResponseSchema>;

/**
 * Answer of `POST /api/my-subscription/card`: the simulator's (card saved) or, with Stripe, the same plus
 * the SetupIntent to confirm with Stripe Elements (the card on `subscription` is still the old one).
 */
export const mySubscriptionCardResponseSchema = mySubscriptionActionResponseSchema.extend({
  setupIntentId: z.string().optional(),
  clientSecret: z.string().optional(),
});
export type MySubscriptionCardResponse = z.infer<typeof mySubscriptionCardResponseSchema>;
