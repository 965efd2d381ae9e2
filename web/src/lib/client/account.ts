import type {
  CityQuoteRequestBody,
  CompanyCreateBody,
  CompanyUpdateBody,
  ContactBody,
  CredentialsBody,
  LoginBody,
  QuoteRequestBody,
  RegisterBody,
  ReviewCreateBody,
} from '@limo/contracts';
import { apiRequest } from '../api';
import { getData, getOrNull, path, perform, read, send } from './http';

// The calls of the signed-in user's, the business owner's and the payment pages.

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

/** GET /api/all-companies?`query` (search, page, limit): the claim page's search of every company. */
export const allCompanies = (query: string, signal?: AbortSignal) => getData(`/api/all-companies?${query}`, 'allCompanies', signal);

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

// The calls whose answer the screen does not read (it reads the status at most).

/** POST /api/forgot-password: a reset link is mailed when the address has an account. */
export const forgotPassword = (email: string) => perform('POST', '/api/forgot-password', { email });

/** POST /api/reset-password: the new password for the mailed link's `token`. */
export const resetPassword = (token: string, newPassword: string) => perform('POST', '/api/reset-password', { token, newPassword });

/** POST /api/contact: a message to support. */
export const sendContact = (body: ContactBody) => perform('POST', '/api/contact', body);

/** POST /api/quote-requests: a quote request to one company. */
export const createQuoteRequest = (body: QuoteRequestBody) => perform('POST', '/api/quote-requests', body);

/** POST /api/companies: the signed-in owner's free listing. */
export const createCompany = (body: CompanyCreateBody) => perform('POST', '/api/companies', body);

/** POST /api/reviews: a review, held for approval (with the mailed link's `reviewToken` it counts as a verified customer's). */
export const createReview = (body: ReviewCreateBody | (Omit<ReviewCreateBody, 'reviewerName'> & { reviewToken: string })) =>
  perform('POST', '/api/reviews', body);

/** PUT /api/companies/{id}: whether the change was only requested (202: the admins review it) rather than made. */
export const updateCompany = async (companyId: string, body: Partial<CompanyUpdateBody>) => ({
  requested: (await perform('PUT', `/api/companies/${path(companyId)}`, body)) === 202,
});

/** PUT /api/quote-requests/{id}: the quote marked contacted. */
export const markQuoteContacted = (id: string) => perform('PUT', `/api/quote-requests/${path(id)}`, { status: 'contacted' });

/** DELETE /api/quote-requests/{id}. */
export const deleteQuote = (id: string) => perform('DELETE', `/api/quote-requests/${path(id)}`);

/** An owner's act on a review of their company: write, edit or delete their reply, or flag the review. */
export type ReviewAction =
  | { method: 'POST' | 'PUT'; part: 'reply'; body: { text: string } }
  | { method: 'DELETE'; part: 'reply' }
  | { method: 'POST'; part: 'flag'; body: { reason: string } };

/** POST, PUT or DELETE /api/reviews/{id}/{reply|flag}: `action` on the review. */
export const reviewAction = (reviewId: string, action: ReviewAction) =>
  perform(action.method, `/api/reviews/${path(reviewId, action.part)}`, 'body' in action ? action.body : undefined);
