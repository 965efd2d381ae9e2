import { randomUUID } from 'node:crypto';
import type { BusinessListingBody, ListingCompany } from '@limo/contracts';
import { badRequest, conflict, forbidden, notFound } from '@limo/platform';
import type { ListingDoc } from '../repositories/listings.repository.js';
import type { PaymentDoc } from '../repositories/payments.repository.js';
import { MESSAGES, PAYMENT_INTENT_ID, type ListingCaller, type UseCaseDeps } from './context.js';
import { completeListing, verifiedPayment } from './payment-records.js';

/** The company as the listing form sent it. */
function listingCompany(body: BusinessListingBody): ListingCompany {
  return {
    name: body.name,
    description: body.description ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
    businessEmail: body.businessEmail,
    website: body.website,
    address: body.address ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    zipCode: body.zipCode ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    priceRange: body.priceRange ?? null,
    services: body.services ?? [],
    vehicleTypes: body.vehicleTypes ?? [],
    hourlyRateStart: body.hourlyRateStart ?? null,
    seoKeywords: body.seoKeywords ?? null,
    seoTags: body.seoTags ?? null,
    fullAddress: body.fullAddress,
  };
}

/**
 * Registers a paid listing (§2.5) for `caller`. It stays with billing until its payment succeeded; then
 * `listing.registered.v1` makes the directory create the company. With `paymentIntentId` (the
 * visitor's flow: paid first), that payment is checked and the listing is paid at once. Asked again
 * with the same `listingId` (a sign-up's retry), it finishes what the first attempt left.
 */
export async function registerListing(
  d: UseCaseDeps,
  body: BusinessListingBody,
  caller: ListingCaller & { userId: string },
  paymentIntentId: string | undefined,
  listingId: string = randomUUID(),
): Promise<ListingDoc> {
  const userId = caller.userId;
  const bound = paymentIntentId ? await d.payments.findById(paymentIntentId) : null;
  const resumed = bound !== null && bound.companyId === listingId && bound.userId === userId;
  const payment = resumed ? bound : paymentIntentId ? await checkListingPayment(d, paymentIntentId, caller) : null;
  // Bound before the listing exists, atomically: one payment pays one listing however the calls race.
  if (payment && !resumed && !(await d.payments.bindListing(payment._id, listingId, userId))) throw conflict(MESSAGES.paymentUsed);
  const now = new Date().toISOString();
  const listing =
    (await d.listings.findById(listingId)) ??
    (await d.listings.insert({
      _id: listingId,
      userId,
      company: listingCompany(body),
      status: 'unpaid',
      paymentIntentId: null,
      subscriptionId: null,
      createdAt: now,
      paidAt: null,
    }));
  if (!payment || listing.status === 'paid') return listing;
  await completeListing(d, listing._id, { ...payment, companyId: listing._id, userId }, now);
  return (await d.listings.findById(listing._id)) ?? listing;
}

/**
 * A succeeded, unused payment for a new listing, made by the caller (the same signed-in user, or for
 * a visitor's payment the e-mail it was made with); 4xx otherwise.
 */
export async function checkListingPayment(d: UseCaseDeps, paymentIntentId: string, caller: ListingCaller): Promise<PaymentDoc> {
  const payment = PAYMENT_INTENT_ID.test(paymentIntentId) ? await d.payments.findById(paymentIntentId) : null;
  if (!payment) throw notFound(MESSAGES.paymentNotFound);
  if (payment.purpose !== 'business_listing') throw badRequest('This payment is for a claim, not a business listing', 'paymentIntentId');
  if (payment.companyId || (await d.listings.findByPaymentIntent(payment._id))) throw conflict(MESSAGES.paymentUsed);
  const payer = payment.userId
    ? payment.userId === caller.userId
    : payment.listingEmail !== null && payment.listingEmail === caller.email?.trim().toLowerCase();
  if (!payer) throw forbidden(MESSAGES.notYourPayment);
  await verifiedPayment(d, payment._id);
  return payment;
}
