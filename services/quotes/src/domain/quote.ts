import type { QuoteDeliveredV1, QuoteRequest, QuoteRequestedV1, QuoteSource, QuoteStatus } from '@limo/contracts';

/** Where the mail of one quote stands. */
type DeliveryState = 'pending' | 'delivered' | 'no-address' | 'company-gone';
/** How a company mail taken to be sent ended, when it did not fail. */
export type DeliveryOutcome = Exclude<DeliveryState, 'pending'>;
/** Where the customer's confirmation of one quote stands (city quotes are confirmed once, by their request). */
export type ConfirmationState = 'pending' | 'sent' | 'not-needed';

/** The trip and customer details every quote carries. */
export interface QuoteDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceType: string;
  vehicleType: string | null;
  passengerCount: string;
  pickupLocation: string;
  dropoffLocation: string | null;
  tripDate: string;
  tripTime: string;
  specialRequests: string | null;
}

/** The details as a request body, a stored request or a quote carries them (a body may leave the optional ones out). */
type QuoteDetailsOf = Omit<QuoteDetails, OptionalDetail> & Partial<Pick<QuoteDetails, OptionalDetail>>;
type OptionalDetail = 'vehicleType' | 'dropoffLocation' | 'specialRequests';

/** The trip and customer details of `from`, the optional ones absent as null. */
export function quoteDetails(from: QuoteDetailsOf): QuoteDetails {
  return {
    customerName: from.customerName,
    customerEmail: from.customerEmail,
    customerPhone: from.customerPhone,
    serviceType: from.serviceType,
    vehicleType: from.vehicleType ?? null,
    passengerCount: from.passengerCount,
    pickupLocation: from.pickupLocation,
    dropoffLocation: from.dropoffLocation ?? null,
    tripDate: from.tripDate,
    tripTime: from.tripTime,
    specialRequests: from.specialRequests ?? null,
  };
}

/** One quote request to one company. */
export interface QuoteDoc extends QuoteDetails {
  _id: string;
  companyId: string;
  /** The company's name when the request was made. */
  companyName: string;
  source: QuoteSource;
  /** For a city-wide quote: its request, the city as typed, and how many companies got it. */
  cityRequestId: string | null;
  targetCity: string | null;
  cityCompaniesNotified: number | null;
  status: QuoteStatus;
  createdAt: string;
  updatedAt: string;
  delivery: DeliveryState;
  /** When the company's mail was accepted by the transport. */
  deliveredAt: string | null;
  confirmation: ConfirmationState;
  confirmedAt: string | null;
  /** Epoch ms until which one worker holds the right to send the quote's mails (one lease for both). */
  mailLeaseUntil: number;
  /** Times the quote's mails were taken to be sent. */
  mailAttempts: number;
  /** Why the last failed send failed, until a send succeeds. */
  lastMailError: string | null;
  /**
   * Set when the quote is stored, removed when its mails are first taken to be sent: the quotes that
   * carry it are delivery's queue (counted through a sparse index to hold intake back, see MailBacklog).
   */
  awaitingMail?: true;
  /** Lead tracking: first listed on the owner's dashboard, first marked contacted. */
  firstViewedAt: string | null;
  contactedAt: string | null;
  /** When the customer was mailed the reminder to review the company (per-company quotes only). */
  reviewRemindedAt?: string;
}

/** The mail fields of a new quote: both mails owed (the confirmation only for a per-company request), no lease taken. */
export function newQuoteMailState(
  confirmation: Extract<ConfirmationState, 'pending' | 'not-needed'>,
): Pick<
  QuoteDoc,
  'delivery' | 'deliveredAt' | 'confirmation' | 'confirmedAt' | 'mailLeaseUntil' | 'mailAttempts' | 'lastMailError' | 'awaitingMail'
> {
  return {
    delivery: 'pending',
    deliveredAt: null,
    confirmation,
    confirmedAt: null,
    mailLeaseUntil: 0,
    mailAttempts: 0,
    lastMailError: null,
    awaitingMail: true,
  };
}

/** The event a stored quote owes: the company (and for a per-company request the customer) gets mailed. */
export function quoteRequestedEvent(quote: QuoteDoc, eventId: string): QuoteRequestedV1 {
  return {
    id: eventId,
    type: 'quote.requested.v1',
    occurredAt: quote.createdAt,
    key: quote._id,
    data: {
      quoteId: quote._id,
      companyId: quote.companyId,
      companyName: quote.companyName,
      source: quote.source,
      cityRequestId: quote.cityRequestId,
      ...quoteDetails(quote),
      createdAt: quote.createdAt,
    },
  };
}

/** The quote as owners and admins read it. */
export function toQuoteRequest(q: QuoteDoc): QuoteRequest {
  return {
    id: q._id,
    companyId: q.companyId,
    companyName: q.companyName,
    source: q.source,
    ...quoteDetails(q),
    status: q.status,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    deliveredAt: q.deliveredAt,
    firstViewedAt: q.firstViewedAt,
    contactedAt: q.contactedAt,
  };
}

/** The event a quote owes once its company mail was accepted by the transport. */
export function quoteDeliveredEvent(quote: QuoteDoc, at: string, eventId: string): QuoteDeliveredV1 {
  return {
    id: eventId,
    type: 'quote.delivered.v1',
    occurredAt: at,
    key: quote._id,
    data: { quoteId: quote._id, companyId: quote.companyId, deliveredAt: at },
  };
}
