import { z } from 'zod';
import { requiredText } from '../common.js';
import { pageParam } from './fields.js';

// ---------------------------------------------------------------------------------------------
// Geo: the location box (city suggestions) and the browser position (reverse geocoding)
// ---------------------------------------------------------------------------------------------

/** `GET /api/geo/cities?q=`: "City, ST" suggestions for the location box. */
export const citySuggestQuerySchema = z.object({
  q: requiredText('Type part of a city name', 100, 'City name must be at most 100 characters'),
  limit: pageParam(20, 8, 'Limit'),
});
/** One suggestion of the location box. */
export const citySuggestionSchema = z.object({
  label: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The city's central ZIP code (an address picked offline takes it). */
  zipCode: z.string().optional(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;

const coordinate = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(-max, `${name} must be between -${max} and ${max}`)
    .max(max, `${name} must be between -${max} and ${max}`);
/** Query of GET /api/geo/reverse: the browser's position. */
export const reverseGeocodeQuerySchema = z.object({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) });
