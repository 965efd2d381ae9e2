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
  /** How the city is named to the visitor: the gazetteer's "Rockford, IL", else the typed text. */
  label: string;
  /** Where to look for served cities nearby: the city's centre, else its state's (when the state is known). */
  origin?: LatLng;
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
    const center = { latitude, longitude };
    return {
      area: { cityKey: cityKey(city, state), center },
      resolved: { city, state, latitude, longitude },
      label: `${city}, ${state}`,
      origin: center,
    };
  }
  const { city, state } = splitCityState(text);
  const statePlace = resolveLocation(state);
  const origin = statePlace?.kind === 'state' ? { latitude: statePlace.latitude, longitude: statePlace.longitude } : undefined;
  return { area: { cityKey: cityKey(city, state) }, resolved: null, label: text.trim(), origin };
}
