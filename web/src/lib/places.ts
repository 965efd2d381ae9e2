import type { CitySuggestion } from '@limo/contracts';
import type { ComboboxOption } from '../components/Combobox';
import { citySuggestions } from './client';

/** §3's address selection result. */
export interface PickedAddress {
  /** The whole address as shown, e.g. "12 Ocean Dr, Miami, FL 33139". */
  formatted: string;
  street: string;
  city: string;
  /** Two-letter code. */
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
}

/** Combobox options for the search's city box. */
export async function suggestCities(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<CitySuggestion>>> {
  const cities = await citySuggestions(text, signal);
  return cities.map((c) => ({ key: `${c.city}|${c.state}`, label: c.label, value: c }));
}

const ZIP_AT_END = /\b(\d{5})(?:-\d{4})?\s*$/;

/**
 * Offline address suggestions: the text before the first comma is the street, the rest is looked
 * up as a city, so "12 Ocean Dr, Mia" offers "12 Ocean Dr, Miami, FL" with the city's coordinates.
 */
export async function suggestAddresses(text: string, signal: AbortSignal): Promise<Array<ComboboxOption<PickedAddress>>> {
  const comma = text.indexOf(',');
  if (comma < 1) return [];
  const street = text.slice(0, comma).trim();
  const rest = text.slice(comma + 1);
  const zipCode = ZIP_AT_END.exec(rest)?.[1] ?? '';
  const cityText = rest.replace(ZIP_AT_END, '').trim();
  if (!street || cityText.length < 2) return [];
  const cities = await citySuggestions(cityText, signal);
  return cities.map((c) => {
    // A typed ZIP wins; otherwise the city's central ZIP, so the listing is never left without one.
    const zip = zipCode || c.zipCode || '';
    const formatted = `${street}, ${c.city}, ${c.state}${zip ? ` ${zip}` : ''}`;
    return {
      key: `${c.city}|${c.state}`,
      label: formatted,
      value: { formatted, street, city: c.city, state: c.state, zipCode: zip, latitude: c.latitude, longitude: c.longitude },
    };
  });
}

/** Reads a place of Google's current Places API into §3's selection result; a place without a location gives undefined. */
export function fromGooglePlace(place: google.maps.places.Place): PickedAddress | undefined {
  const location = place.location;
  if (!location) return undefined;
  const part = (type: string, short = false) => {
    const c = place.addressComponents?.find((x) => x.types.includes(type));
    return (short ? c?.shortText : c?.longText) ?? '';
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  return {
    formatted: place.formattedAddress ?? '',
    street,
    city: part('locality') || part('sublocality') || part('postal_town'),
    state: part('administrative_area_level_1', true),
    zipCode: part('postal_code'),
    latitude: location.lat(),
    longitude: location.lng(),
  };
}
