import { randomUUID } from 'node:crypto';
import { earliestTripDate, type CompanySnapshot } from '@limo/contracts';
import type { EventEnvelope } from '@limo/platform';
import { newQuoteMailState, type QuoteDetails, type QuoteDoc } from '../src/domain/quote.js';

/** A yyyy-MM-dd date `days` after the earliest acceptable trip date. */
export function tripDateIn(days: number): string {
  const date = new Date(`${earliestTripDate()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Springfield, IL: where fixture companies are unless a test puts them elsewhere. */
const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501 };
/** Rockford, IL (the spec's example city) and places around it. */
export const ROCKFORD = { latitude: 42.2711, longitude: -89.094 };
export const LOVES_PARK = { latitude: 42.32, longitude: -89.0584 };
export const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

/** A company as directory's events carry it. */
export function companySnapshot(overrides: Partial<CompanySnapshot> = {}): CompanySnapshot {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    name: `Limo ${id.slice(0, 6)}`,
    email: `info-${id.slice(0, 8)}@limo.example`,
    businessEmail: null,
    phone: '(815) 555-0100',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    latitude: SPRINGFIELD.latitude,
    longitude: SPRINGFIELD.longitude,
    userId: null,
    createdAt: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}

/** A company event envelope, as directory's outbox publishes it. */
export function companyEvent(
  type: 'company.created.v1' | 'company.updated.v1' | 'company.deleted.v1',
  data: CompanySnapshot | { id: string; version: number },
  occurredAt = new Date().toISOString(),
): EventEnvelope {
  return { id: randomUUID(), type, occurredAt, key: data.id, data };
}

/** The trip and customer details of `quoteBody`, as a quote made from it carries them. */
export function quoteBodyDetails(): QuoteDetails {
  return {
    customerName: 'Jane Rider',
    customerEmail: 'jane@rider.example',
    customerPhone: '(815) 555-0199',
    serviceType: 'To Airport',
    pickupLocation: '100 Main St, Springfield, IL',
    dropoffLocation: "O'Hare International Airport",
    tripDate: tripDateIn(7),
    tripTime: '1:15 PM',
    passengerCount: '3-4',
    vehicleType: 'SUV',
    specialRequests: 'Child seat, please',
  };
}

/** A valid per-company quote request body. */
export function quoteBody(companyId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { companyId, ...quoteBodyDetails(), ...overrides };
}

/** A valid city-wide quote request body. */
export function cityQuoteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    targetCity: 'Rockford, IL',
    customerName: 'Sam Groom',
    customerEmail: 'sam@groom.example',
    customerPhone: '815-555-0123',
    serviceType: 'Wedding',
    pickupLocation: '1 Church St, Rockford, IL',
    dropoffLocation: 'Giovanni’s, Rockford, IL',
    tripDate: tripDateIn(30),
    tripTime: '4:30 PM',
    passengerCount: '7-8',
    vehicleType: 'Stretch Limousine',
    specialRequests: 'Champagne',
    ...overrides,
  };
}

/**
 * A per-company quote of `companyId` as the store holds it once its mail was delivered at
 * `deliveredAt`, contacted at `contactedAt` or not yet (for writing straight to the store).
 */
export function deliveredQuote(companyId: string, deliveredAt: string, contactedAt: string | null): QuoteDoc {
  return {
    ...(quoteBody(companyId) as unknown as QuoteDoc),
    _id: randomUUID(),
    companyName: 'Fixture',
    source: 'company',
    cityRequestId: null,
    targetCity: null,
    cityCompaniesNotified: null,
    status: contactedAt ? 'contacted' : 'pending',
    createdAt: deliveredAt,
    updatedAt: deliveredAt,
    ...newQuoteMailState('not-needed'),
    awaitingMail: undefined,
    delivery: 'delivered',
    deliveredAt,
    firstViewedAt: null,
    contactedAt,
  };
}
