import {
  adminCancelSubscriptionResponseSchema,
  adminRefundResponseSchema,
  auditVerificationResponseSchema,
  populateResponseSchema,
  businessListingResponseSchema,
  cityQuoteRequestCreatedSchema,
  createPaymentIntentResponseSchema,
  mySubscriptionActionResponseSchema,
  mySubscriptionCardResponseSchema,
  processPaymentSuccessResponseSchema,
  simulatorConfirmResponseSchema,
  adminCompanyListResponseSchema,
  adminPaymentListResponseSchema,
  adminQuoteListSchema,
  adminReviewSchema,
  adminStatsSchema,
  adminSubscriptionListResponseSchema,
  analyticsOverviewSchema,
  businessClaimListResponseSchema,
  changeRequestSchema,
  credentialVerificationSchema,
  dailyTrendsSchema,
  deviceStatsSchema,
  geographicStatsSchema,
  listingVerificationSchema,
  maskedApiKeysSchema,
  popularSearchesSchema,
  referrerStatsSchema,
  stateCountsResponseSchema,
  topCompaniesSchema,
  allCompaniesResponseSchema,
  cityQuotePreviewSchema,
  citySuggestionSchema,
  companyAnalyticsSchema,
  mySubscriptionSchema,
  ownerCompanySchema,
  ownerQuoteListSchema,
  ownerQuoteSummarySchema,
  ownerReviewSchema,
  paymentsConfigResponseSchema,
  subscriptionListResponseSchema,
  cityPageResponseSchema,
  companyDetailSchema,
  companySchema,
  credentialsSchema,
  currentUserSchema,
  galleryResponseSchema,
  mapsKeyConfigResponseSchema,
  reviewLinkSchema,
  stateSummarySchema,
  uploadImageResponseSchema,
} from '@limo/contracts';
import { z } from 'zod';

/**
 * The answer schemas of the routes the web app calls, from the contracts, by name. Loaded on the
 * first call (`import('./responses')`), so zod stays out of the home page's first download.
 */
export const responses = {
  currentUser: currentUserSchema,
  companies: z.array(companySchema),
  companyDetail: companyDetailSchema,
  stateSummary: stateSummarySchema,
  cityPage: cityPageResponseSchema,
  citySuggestions: z.array(citySuggestionSchema),
  citySuggestion: citySuggestionSchema,
  mapsConfig: mapsKeyConfigResponseSchema,
  reviewLink: reviewLinkSchema,
  credentials: credentialsSchema,
  gallery: galleryResponseSchema,
  uploadedImage: uploadImageResponseSchema,
  myCompanies: z.array(ownerCompanySchema),
  ownerQuotes: ownerQuoteListSchema,
  quoteSummary: ownerQuoteSummarySchema,
  ownerReviews: z.array(ownerReviewSchema),
  subscriptions: subscriptionListResponseSchema,
  mySubscription: mySubscriptionSchema,
  companyAnalytics: companyAnalyticsSchema,
  cityQuotePreview: cityQuotePreviewSchema,
  paymentsConfig: paymentsConfigResponseSchema,
  allCompanies: allCompaniesResponseSchema,
  refund: adminRefundResponseSchema,
  subscriptionCancelled: adminCancelSubscriptionResponseSchema,
  populated: populateResponseSchema,
  audited: auditVerificationResponseSchema,
  ownerCompany: ownerCompanySchema,
  cityQuoteCreated: cityQuoteRequestCreatedSchema,
  paymentSession: createPaymentIntentResponseSchema,
  simulatorConfirm: simulatorConfirmResponseSchema,
  paymentSuccess: processPaymentSuccessResponseSchema,
  businessListing: businessListingResponseSchema,
  subscriptionAction: mySubscriptionActionResponseSchema,
  subscriptionCard: mySubscriptionCardResponseSchema,
  adminStats: adminStatsSchema,
  adminCompanies: adminCompanyListResponseSchema,
  stateCounts: stateCountsResponseSchema,
  adminReviews: z.array(adminReviewSchema),
  changeRequests: z.array(changeRequestSchema),
  businessClaims: businessClaimListResponseSchema,
  adminSubscriptions: adminSubscriptionListResponseSchema,
  adminPayments: adminPaymentListResponseSchema,
  apiKeys: maskedApiKeysSchema,
  adminQuotes: adminQuoteListSchema,
  credentialVerifications: z.array(credentialVerificationSchema),
  listingVerifications: z.array(listingVerificationSchema),
  analyticsOverview: analyticsOverviewSchema,
  topCompanies: topCompaniesSchema,
  geographicStats: geographicStatsSchema,
  dailyTrends: dailyTrendsSchema,
  popularSearches: popularSearchesSchema,
  deviceStats: deviceStatsSchema,
  referrerStats: referrerStatsSchema,
};

export type ResponseName = keyof typeof responses;
export type Answer<N extends ResponseName> = z.output<(typeof responses)[N]>;

/** `json` read with the schema named `name`: the parsed answer, or what did not match (at most three issues). */
export function check<N extends ResponseName>(name: N, json: unknown): { ok: true; data: Answer<N> } | { ok: false; problem: string } {
  const schemas: { [K in ResponseName]: z.ZodType<Answer<K>> } = responses;
  const parsed = schemas[name].safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problem };
}
