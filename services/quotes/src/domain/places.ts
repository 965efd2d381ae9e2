import type { LatLng } from '@limo/geo';

/** Radius around a city's centre within which a company counts as serving it (the search's default distance). */
export const SERVICE_RADIUS_MILES = 25;

/** The latitude/longitude box holding every point within `miles` of `center` (for an index range query). */
export function boundingBox(center: LatLng, miles: number): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = miles / 69.0;
  // Longitude degrees shrink towards the poles; the floor keeps the box finite near them.
  const dLon = miles / (69.17 * Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180)));
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLon: center.longitude - dLon,
    maxLon: center.longitude + dLon,
  };
}

/**
 * The key two spellings of one city share: lower case, accents, dots and extra spaces dropped, plus the
 * state ("St. Louis, mo" and "st louis, MO" both give "st louis|mo"). Undefined without both parts.
 */
export function cityKey(city: string | null | undefined, state: string | null | undefined): string | undefined {
  const c = (city ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const s = (state ?? '').trim().toLowerCase();
  return c && s ? `${c}|${s}` : undefined;
}

/** Splits "City, State" (the form's checked format) into its two trimmed parts. */
export function splitCityState(text: string): { city: string; state: string } {
  const [city = '', state = ''] = text.split(',');
  return { city: city.trim(), state: state.trim() };
}
