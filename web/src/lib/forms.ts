import type { OwnerCompany } from '@limo/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Shows a 400's per-field messages next to the fields this form has; returns whether any was
 * shown, so the caller can fall back to a toast for the rest.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!fields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** Today as yyyy-MM-dd in the visitor's own calendar. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The text fields of every company form, in form order (a 400's field errors are shown on them). */
export const COMPANY_TEXT_FIELDS = [
  'name',
  'description',
  'phone',
  'email',
  'businessEmail',
  'website',
  'address',
  'city',
  'state',
  'zipCode',
  'priceRange',
  'hourlyRateStart',
] as const;

/** The company form's text fields that show the company's value as it is. */
type PlainTextField = Exclude<(typeof COMPANY_TEXT_FIELDS)[number], 'priceRange' | 'hourlyRateStart'>;

/** A company's plain text fields as a company form holds them, in form order: '' where it has none (or there is no company). */
export function plainTextValues(company?: OwnerCompany): Record<PlainTextField, string> {
  const values = {} as Record<PlainTextField, string>;
  for (const field of COMPANY_TEXT_FIELDS) {
    if (field !== 'priceRange' && field !== 'hourlyRateStart') values[field] = company?.[field] ?? '';
  }
  return values;
}

/** The address block of a company form, empty: the typed full address and what a picked place fills in. */
export const EMPTY_ADDRESS_FIELDS = {
  fullAddress: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  latitude: '',
  longitude: '',
} as const;

/** A quote request form's customer and trip fields, empty, in form order (both quote forms start from them). */
export const EMPTY_QUOTE_FIELDS = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  serviceType: '',
  pickupLocation: '',
  dropoffLocation: '',
  tripDate: '',
  tripTime: '',
  passengerCount: '',
  vehicleType: '',
  specialRequests: '',
} as const;
