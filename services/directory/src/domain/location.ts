import { resolveLocation, US_STATES } from '@limo/geo';

/** The parts of a US address the directory keeps. */
export interface AddressParts {
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

const TAIL = /^(.*?),\s*([^,]+?),\s*([A-Za-z]{2})(?:\s+(\d{5})(?:-\d{4})?)?(?:,\s*(?:USA|US|United States))?\s*$/i;

/** Splits "123 Main St, Miami, FL 33101[, USA]" into street, city, state and ZIP; null when it does not read so. */
export function parseFullAddress(fullAddress: string): AddressParts | null {
  const m = TAIL.exec(fullAddress.trim());
  if (!m) return null;
  const state = m[3].toUpperCase();
  if (!US_STATES[state]) return null;
  return { address: m[1].trim() || null, city: m[2].trim(), state, zipCode: m[4] ?? null };
}

/** Whether `state` is one of the 50 states or DC. */
export const isUsState = (state: string): boolean => US_STATES[state] !== undefined;

/**
 * Coordinates for a listing that came without them, from the offline gazetteer: the ZIP first,
 * then "city, state". Null when neither is known.
 */
export function locate(parts: Pick<AddressParts, 'city' | 'state' | 'zipCode'>): { latitude: number; longitude: number } | null {
  const candidates = [parts.zipCode, parts.city && parts.state ? `${parts.city}, ${parts.state}` : null];
  for (const text of candidates) {
    if (!text) continue;
    const place = resolveLocation(text);
    if (place && place.kind !== 'state') return { latitude: place.latitude, longitude: place.longitude };
  }
  return null;
}
