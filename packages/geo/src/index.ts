export { US_STATES } from './us-states.js';
export {
  EARTH_RADIUS_MILES,
  distanceMiles,
  citiesWithin,
  largestCities,
  nearestCity,
  nearestZip,
  NEAREST_CITY_MAX_MILES,
  preloadGazetteer,
  resolveLocation,
  suggestCities,
  type CitySuggestion,
  type LatLng,
  type ResolvedPlace,
} from './gazetteer.js';
