import { apiRequest } from '../api';
import type { Answer, ResponseName } from '../responses';
import { path, send } from './http';

// The admin screens' calls.

/** POST /api/admin/companies, or PUT /api/admin/companies/{id} with `id`: the saved company. */
export const saveAdminCompany = (id: string | undefined, body: object) =>
  send(id ? 'PUT' : 'POST', id ? `/api/admin/companies/${path(id)}` : '/api/admin/companies', 'ownerCompany', body);

/** The admin screens' lists and figures, by path, and the schema of each answer. */
const adminAnswers = {
  '/api/admin/stats': 'adminStats',
  '/api/admin/companies': 'adminCompanies',
  '/api/admin/companies-by-state': 'stateCounts',
  '/api/admin/pending-reviews': 'adminReviews',
  '/api/admin/all-reviews': 'adminReviews',
  '/api/admin/change-requests': 'changeRequests',
  '/api/admin/business-claims': 'businessClaims',
  '/api/admin/subscriptions': 'adminSubscriptions',
  '/api/admin/payments': 'adminPayments',
  '/api/admin/api-keys': 'apiKeys',
  '/api/admin/quote-requests': 'adminQuotes',
  '/api/admin/credential-verifications': 'credentialVerifications',
  '/api/admin/listing-verifications': 'listingVerifications',
  '/api/admin/analytics/overview': 'analyticsOverview',
  '/api/admin/analytics/top-companies': 'topCompanies',
  '/api/admin/analytics/geographic': 'geographicStats',
  '/api/admin/analytics/daily-trends': 'dailyTrends',
  '/api/admin/analytics/popular-searches': 'popularSearches',
  '/api/admin/analytics/devices': 'deviceStats',
  '/api/admin/analytics/referrers': 'referrerStats',
} as const satisfies Record<string, ResponseName>;
export type AdminPath = keyof typeof adminAnswers;
export type AdminAnswer<P extends AdminPath> = Answer<(typeof adminAnswers)[P]>;

/** GET `path`?`query` of the admin screens, parsed with that path's schema. */
export const adminGet = <P extends AdminPath>(path: P, query: string, signal?: AbortSignal): Promise<AdminAnswer<P>> =>
  send('GET', query ? `${path}?${query}` : path, adminAnswers[path], undefined, { signal });

/** POST /api/admin/payments/{id}/refund: the refunded payment. */
export const refundPayment = (id: string) => send('POST', `/api/admin/payments/${path(id)}/refund`, 'refund', {});

/** POST /api/admin/subscriptions/{id}/cancel: the cancelled subscription. */
export const cancelSubscription = (id: string, atPeriodEnd: boolean) =>
  send('POST', `/api/admin/subscriptions/${path(id)}/cancel`, 'subscriptionCancelled', { atPeriodEnd });

/** POST /api/admin/populate-database: what was added. */
export const populateDatabase = () => send('POST', '/api/admin/populate-database', 'populated', {});

/** POST /api/admin/audit-verification: how many companies were fixed. */
export const auditVerification = () => send('POST', '/api/admin/audit-verification', 'audited', {});

/** GET /api/admin/export-companies: the spreadsheet and its Content-Disposition. */
export async function companiesExport(): Promise<{ file: Blob; disposition: string | null }> {
  const res = await apiRequest('GET', '/api/admin/export-companies');
  return { file: await res.blob(), disposition: res.headers.get('Content-Disposition') };
}
