import { reverseGeocode } from './client';
import type { DetectedPlace } from './search';

/** The messages of §8 for each way locating the visitor can fail. */
const GEO_MESSAGES = {
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location information unavailable.',
  timeout: 'Location request timed out.',
  unknown: 'Unable to access your location',
  permissionBlocked: 'Unable to access location. Please allow location access.',
  unsupported: 'Geolocation is not supported by this browser.',
  noCity: 'Unable to determine your city',
  reverseFailed: 'Unable to determine your city from location',
} as const;

/** §9: the automatic attempt is cheap and may reuse a 5-minute-old fix; the button asks for a fresh, precise one. */
const POSITION_OPTIONS: Record<'auto' | 'button', PositionOptions> = {
  auto: { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
  button: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
};

/** Raised with one of GEO_MESSAGES. */
class GeoError extends Error {}

function currentPosition(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      resolve,
      (err) => {
        if (err.code === err.PERMISSION_DENIED) reject(new GeoError(GEO_MESSAGES.denied));
        else if (err.code === err.POSITION_UNAVAILABLE) reject(new GeoError(GEO_MESSAGES.unavailable));
        else if (err.code === err.TIMEOUT) reject(new GeoError(GEO_MESSAGES.timeout));
        else reject(new GeoError(GEO_MESSAGES.unknown));
      },
      options,
    );
  });
}

interface GoogleGeocodeResponse {
  status: string;
  results?: Array<{ address_components: Array<{ long_name: string; short_name: string; types: string[] }> }>;
}

/** City and state of a point: Google's reverse geocode with a maps key, else the product's own gazetteer. */
async function cityOfPosition(latitude: number, longitude: number, mapsKey: () => Promise<string | null>): Promise<DetectedPlace> {
  let city: string | undefined;
  let state: string | undefined;
  try {
    const key = await mapsKey();
    if (key) {
      const res = await fetch(
        `https://maps.googleapis.com/maps/api/geocode/json?latlng=${latitude},${longitude}&key=${encodeURIComponent(key)}`,
      );
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as GoogleGeocodeResponse;
      for (const result of body.results ?? []) {
        for (const c of result.address_components) {
          if (!city && c.types.includes('locality')) city = c.long_name;
          if (!state && c.types.includes('administrative_area_level_1')) state = c.short_name;
        }
      }
    } else {
      ({ city, state } = await reverseGeocode(latitude, longitude));
    }
  } catch {
    throw new GeoError(GEO_MESSAGES.reverseFailed);
  }
  if (!city || !state) throw new GeoError(GEO_MESSAGES.noCity);
  return { city, state };
}

/**
 * Finds the visitor's city (§2): permission check, browser geolocation, then a reverse geocode
 * (Google's with the run-time maps key `mapsKey` answers, else the gazetteer's).
 */
export async function locateVisitor(mode: 'auto' | 'button', mapsKey: () => Promise<string | null>): Promise<DetectedPlace> {
  if (!('geolocation' in navigator)) throw new GeoError(GEO_MESSAGES.unsupported);
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state === 'denied') throw new GeoError(GEO_MESSAGES.permissionBlocked);
  } catch (err) {
    if (err instanceof GeoError) throw err;
    // Browsers without the Permissions API still let getCurrentPosition ask.
  }
  const position = await currentPosition(POSITION_OPTIONS[mode]);
  return cityOfPosition(position.coords.latitude, position.coords.longitude, mapsKey);
}
