import {
  CLAIM_SEARCH_PAGE_SIZE,
  type CityQuoteRequestBody,
  type Company,
  type CredentialsBody,
  type LoginBody,
  type RegisterBody,
} from '@limo/contracts';
import { ApiError, apiRequest, type RequestOptions } from './api';
import type { Answer, ResponseName } from './responses';

// The typed client of the product's server: one function per route the web app calls, each answer
// parsed with its route's schema from the contracts. A failed call, or an answer that breaks its
// contract, is an ApiError. The schemas (and zod) load with the first call, not with the page.

const loadResponses = () => import('./responses');

/** `res`'s body read with the schema `name`; a body that does not match is an ApiError naming `call`. */
async function read<N extends ResponseName>(res: Response, name: N, call: string): Promise<Answer<N>> {
  const [text, { check }] = await Promise.all([res.text(), loadResponses()]);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw ApiError.malformed(call, res.status, text, 'the body is not JSON');
  }
  const checked = check(name, json);
  if (!checked.ok) throw ApiError.malformed(call, res.status, text, checked.problem);
  return checked.data;
}

/** `method url` (with `body`), its answer parsed as `name`. */
async function send<N extends ResponseName>(
  method: string,
  url: string,
  name: N,
  body?: unknown,
  options?: RequestOptions,
): Promise<Answer<N>> {
  // The schemas start loading with the call, so the first answer does not wait for them.
  void loadResponses().catch(() => undefined);
  return read(await apiRequest(method, url, body, options), name, `${method} ${url}`);
}

/** GET `url` parsed as `name`, or null when the server answers `nullStatus` (401 signed out, 404 no such thing). */
async function getOrNull<N extends ResponseName>(
  url: string,
  name: N,
  nullStatus: number,
  signal?: AbortSignal,
): Promise<Answer<N> | null> {
  try {
    return await send('GET', url, name, undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === nullStatus && error.mismatch === undefined) return null;
    throw error;
  }
}

/** §7's default data query: GET `url` parsed as `name`, null on a 401 (signed out). */
const getData = <N extends ResponseName>(url: string, name: N, signal?: AbortSignal) => getOrNull(url, name, 401, signal);

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/** One page of search results and the server's total (null when it sent no X-Total-Count). */
export interface CompanySearchPage {
  companies: Company[];
  total: number | null;
}

/** GET /api/me: the signed-in user, or null when signed out (a 401, §7). */
export const currentUser = (signal?: AbortSignal) => getData('/api/me', 'currentUser', signal);

/**
 * GET /api/companies?`query` (§7): anything but a list of companies counts as no results; the total
 * is X-Total-Count when it is a number.
 */
export async function searchCompanies(query: string, signal?: AbortSignal): Promise<CompanySearchPage> {
  const res = await apiRequest('GET', `/api/companies?${query}`, undefined, { signal });
  const header = res.headers.get('X-Total-Count');
  const total = header !== null && header.trim() !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  let companies: Company[] = [];
  try {
    companies = await read(res, 'companies', 'GET /api/companies');
  } catch {
    // §7: a non-list (or a list that is not of companies) is an empty result, not an error.
  }
  return { companies, total };
}

/** GET /api/companies/{id} with its approved reviews (only verified customers' with `verifiedOnly`); null for 404. */
export const company = (id: string, verifiedOnly: boolean, signal?: AbortSignal) =>
  getOrNull(`/api/companies/${path(id)}${verifiedOnly ? '?verifiedCustomer=true' : ''}`, 'companyDetail', 404, signal);

/** GET /api/places/{state}: the state's cities with counts; null when none has companies. */
export const statePlaces = (state: string, signal?: AbortSignal) => getOrNull(`/api/places/${path(state)}`, 'stateSummary', 404, signal);

/** GET /api/places/{state}/{city}?page=: one page of the city's ranked companies with its figures; null for 404. */
export const cityPage = (state: string, city: string, page: number, signal?: AbortSignal) =>
  getOrNull(`/api/places/${path(state, city)}?page=${page}`, 'cityPage', 404, signal);

/** GET /api/geo/cities?q=: "City, ST" suggestions of the offline gazetteer; none when the call fails. */
export async function citySuggestions(text: string, signal?: AbortSignal): Promise<Answer<'citySuggestions'>> {
  try {
    return await send('GET', `/api/geo/cities?q=${encodeURIComponent(text)}`, 'citySuggestions', undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** GET /api/geo/reverse: the gazetteer's city nearest to a position. */
export const reverseGeocode = (latitude: number, longitude: number) =>
  send('GET', `/api/geo/reverse?latitude=${latitude}&longitude=${longitude}`, 'citySuggestion');

/** GET /api/config/maps-key: the maps key saved in Settings and the map style. */
export const mapsConfig = () => send('GET', '/api/config/maps-key', 'mapsConfig');

/** GET /api/reviews/links?reviewToken=: who a mailed review link is for, or why it cannot be used. */
export const reviewLink = (token: string, signal?: AbortSignal) =>
  send('GET', `/api/reviews/links?reviewToken=${encodeURIComponent(token)}`, 'reviewLink', undefined, { signal });

/** GET /api/my-companies/{id}/credentials: the owner's credentials; null when signed out. */
export const credentials = (companyId: string, signal?: AbortSignal) =>
  getData(`/api/my-companies/${path(companyId, 'credentials')}`, 'credentials', signal);

/** PUT /api/my-companies/{id}/credentials: the saved credentials. */
export const saveCredentials = (companyId: string, body: CredentialsBody) =>
  send('PUT', `/api/my-companies/${path(companyId)}/credentials`, 'credentials', body);

/** PUT /api/my-companies/{id}/gallery/order: the gallery in the new order. */
export const reorderGallery = async (companyId: string, imageIds: string[]) =>
  (await send('PUT', `/api/my-companies/${path(companyId)}/gallery/order`, 'gallery', { imageIds })).gallery;

/** DELETE /api/my-companies/{id}/gallery/{imageId}: the gallery without the image. */
export const removeGalleryImage = async (companyId: string, imageId: string) =>
  (await send('DELETE', `/api/my-companies/${path(companyId, 'gallery', imageId)}`, 'gallery')).gallery;

/** GET /api/my-companies: the signed-in owner's companies. */
export const myCompanies = (signal?: AbortSignal) => getData('/api/my-companies', 'myCompanies', signal);

/** GET /api/quote-requests?companyId=&page=: one page of the owner's quotes (15, newest first) and X-Total-Count. */
export async function ownerQuotes(companyId: string, page: number, signal?: AbortSignal) {
  const url = `/api/quote-requests?${new URLSearchParams({ companyId, page: String(page) }).toString()}`;
  const res = await apiRequest('GET', url, undefined, { signal });
  const quotes = await read(res, 'ownerQuotes', `GET ${url}`);
  return { quotes, total: Number(res.headers.get('x-total-count') ?? quotes.length) };
}

/** GET /api/quote-requests/summary?companyId=: which company the quotes are for, their total and response time. */
export const quoteSummary = (companyId: string, signal?: AbortSignal) =>
  getData(`/api/quote-requests/summary?companyId=${encodeURIComponent(companyId)}`, 'quoteSummary', signal);

/** GET /api/companies/{id}/reviews: every review of the owner's company, pending ones included. */
export const ownerReviews = (companyId: string, signal?: AbortSignal) =>
  getData(`/api/companies/${path(companyId, 'reviews')}`, 'ownerReviews', signal);

/** GET /api/subscriptions?companyId=: the company's subscriptions. */
export const subscriptions = (companyId: string, signal?: AbortSignal) =>
  getData(`/api/subscriptions?companyId=${encodeURIComponent(companyId)}`, 'subscriptions', signal);

/** GET /api/my-subscription?companyId=: the owner's subscription, or null when they have none (404). */
export const mySubscription = (companyId: string, signal?: AbortSignal) =>
  getOrNull(`/api/my-subscription?companyId=${encodeURIComponent(companyId)}`, 'mySubscription', 404, signal);

/** GET /api/my-companies/{id}/analytics?days=: the listing's traffic over the last `days` days. */
export const companyAnalytics = (companyId: string, days: number, signal?: AbortSignal) =>
  getData(`/api/my-companies/${path(companyId, 'analytics')}?days=${days}`, 'companyAnalytics', signal);

/** GET /api/city-quote-requests/preview?`query`: how many companies a city request would reach. */
export const cityQuotePreview = (query: string, signal?: AbortSignal) =>
  getData(`/api/city-quote-requests/preview?${query}`, 'cityQuotePreview', signal);

/** GET /api/all-companies?search=&page=&limit=: the claim page's search of every company. */
export const allCompanies = (search: string, page: number, signal?: AbortSignal) =>
  getData(
    `/api/all-companies?${new URLSearchParams({ search, page: String(page), limit: String(CLAIM_SEARCH_PAGE_SIZE) }).toString()}`,
    'allCompanies',
    signal,
  );

/** GET /api/payments/config: which payment form to load. */
export const paymentsConfig = (signal?: AbortSignal) => getData('/api/payments/config', 'paymentsConfig', signal);

/** POST /api/login: the signed-in user. */
export const login = (body: LoginBody) => send('POST', '/api/login', 'currentUser', body);

/** POST /api/register: the new, signed-in account. */
export const register = (body: RegisterBody) => send('POST', '/api/register', 'currentUser', body);

/** POST /api/city-quote-requests: how many companies were told. */
export const createCityQuoteRequest = (body: CityQuoteRequestBody) => send('POST', '/api/city-quote-requests', 'cityQuoteCreated', body);

/** POST /api/create-payment-intent: the payment to confirm. */
export const createPaymentIntent = (body: object) => send('POST', '/api/create-payment-intent', 'paymentSession', body);

/** POST /api/payments/simulator/confirm: the simulated payment's outcome. */
export const confirmSimulatorPayment = (body: object) => send('POST', '/api/payments/simulator/confirm', 'simulatorConfirm', body);

/** POST /api/process-payment-success: what the payment bought. */
export const processPaymentSuccess = (body: object) => send('POST', '/api/process-payment-success', 'paymentSuccess', body);

/** POST /api/create-business-listing (signed in) or /api/register-business-listing (with the new account): the listing. */
export const createBusinessListing = (route: 'create-business-listing' | 'register-business-listing', body: object) =>
  send('POST', `/api/${route}`, 'businessListing', body);

/** POST /api/my-subscription/{cancel|resume}: the subscription after it. */
export const changeMySubscription = (companyId: string, kind: 'cancel' | 'resume') =>
  send('POST', `/api/my-subscription/${kind}`, 'subscriptionAction', { companyId });

/** POST /api/my-subscription/card: the card saved (simulator) or, with Stripe, the SetupIntent to confirm. */
export const updateMyCard = (body: { companyId: string; cardNumber?: string; expiry?: string; cvc?: string }) =>
  send('POST', '/api/my-subscription/card', 'subscriptionCard', body);

/** POST /api/my-subscription/card/confirm: the subscription with its new card. */
export const confirmMyCard = (companyId: string, setupIntentId: string) =>
  send('POST', '/api/my-subscription/card/confirm', 'subscriptionAction', { companyId, setupIntentId });

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

/** An admin action whose answer the screen does not read: `method url` with `body`; the answer is read to its end. */
export async function adminAction(method: string, url: string, body?: unknown): Promise<void> {
  await (await apiRequest(method, url, body)).text();
}

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

/** A form of one file under `field`, with `extra` fields. */
function fileForm(field: string, file: File, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append(field, file);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
}

/** POST /api/upload-image (multipart): the stored image's URL. */
export const uploadImage = async (file: File, companyId: string) =>
  (await send('POST', '/api/upload-image', 'uploadedImage', fileForm('image', file, { companyId }))).imageUrl;

/** POST /api/my-companies/{id}/gallery (multipart): the gallery with the new image. */
export const uploadGalleryImage = async (companyId: string, file: File) =>
  (await send('POST', `/api/my-companies/${path(companyId)}/gallery`, 'gallery', fileForm('image', file))).gallery;

/** POST /api/my-companies/{id}/credentials/certificate (multipart): the credentials with the certificate. */
export const uploadCertificate = (companyId: string, file: File) =>
  send('POST', `/api/my-companies/${path(companyId)}/credentials/certificate`, 'credentials', fileForm('certificate', file));

/**
 * POST /api/analytics/track, fire and forget (§7): sent with keepalive so it outlives the page; its
 * answer is read to the end (Chromium keeps a keepalive request whose answer is never read open).
 */
export async function trackEvent(event: Record<string, unknown>): Promise<void> {
  await (await apiRequest('POST', '/api/analytics/track', event, { keepalive: true })).text();
}
