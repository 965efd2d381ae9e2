import type { CityQuoteRequestedV1 } from '@limo/contracts';
import { resolveLocation, type LatLng } from '@limo/geo';
import { cityKey, splitCityState } from './places.js';

/** The place a city-wide request names: its key, and its centre when the gazetteer knows it. */
export interface ServiceArea {
  cityKey?: string;
  center?: LatLng;
}

/** The city a city-wide request names, as the gazetteer reads it and as the company query needs it. */
export interface TargetCity {
  area: ServiceArea;
  resolved: CityQuoteRequestedV1['data']['resolvedCity'];
}

/**
 * Reads "City, State" with the offline gazetteer (the one directory uses for search). A known city (or
 * a ZIP, which names one) gives its name key and centre; anything else, a bare state included, falls
 * back to the typed name, which only companies listed under exactly that city and state match.
 */
export function targetCityOf(text: string): TargetCity {
  const place = resolveLocation(text);
  if (place?.city && (place.kind === 'city' || place.kind === 'zip')) {
    const { city, state, latitude, longitude } = place;
    return { area: { cityKey: cityKey(city, state), center: { latitude, longitude } }, resolved: { city, state, latitude, longitude } };
  }
  const { city, state } = splitCityState(text);
  return { area: { cityKey: cityKey(city, state) }, resolved: null };
}
