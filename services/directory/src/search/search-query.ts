import { credentialToday, type CompanySearchQuery } from '@limo/contracts';
import { resolveLocation, type ResolvedPlace } from '@limo/geo';
import { placeKey, type SearchQuery } from '@limo/company-search';

/**
 * Turns the public search query (public-side §7) into an index query. A typed location that the
 * gazetteer knows ("Miami, FL", "Miami", "33101", "Florida") becomes a radius (or the whole state
 * for `statewide`, or for a state name); anything else is free text on name and description. With
 * nothing typed, the visitor's detected `userLocation` is the centre.
 */
export function toSearchQuery(q: CompanySearchQuery, now: Date = new Date()): SearchQuery {
  let place: ResolvedPlace | undefined;
  const words: string[] = [];
  if (q.location) {
    place = resolveLocation(q.location);
    if (!place) words.push(q.location);
  } else if (q.userLocation && (q.userLocation.city || q.userLocation.state)) {
    place = resolveLocation([q.userLocation.city, q.userLocation.state].filter(Boolean).join(', '));
  }
  if (q.q) words.push(q.q);

  const query: SearchQuery = { sort: q.sort, page: q.page, limit: q.limit };
  if (place?.kind === 'state') {
    query.state = place.state;
  } else if (place) {
    query.near = { latitude: place.latitude, longitude: place.longitude };
    if (q.distance === 'statewide') query.state = place.state;
    else {
      query.radiusMiles = Number(q.distance);
      // Companies whose service area covers the searched city are found there too.
      if (place.city) query.servedPlace = placeKey(place.city, place.state);
    }
  }
  if (words.length > 0) query.text = words.join(' ');
  if (q.serviceType) query.service = q.serviceType;
  if (q.vehicleTypes.length > 0) query.vehicleTypes = q.vehicleTypes;
  if (q.priceRange) query.priceRange = q.priceRange;
  if (q.minRating !== undefined) query.minRating = q.minRating;
  if (q.verifiedOwner || q.badges.includes('verified-owner')) query.verifiedOwner = true;
  if (q.badges.includes('licensed')) query.licensed = true;
  // The insured badge holds while the insurance runs: judged on the day of the search.
  if (q.badges.includes('insured')) query.insuredOn = credentialToday(now);
  if (q.badges.includes('top-rated')) query.topRated = true;
  return query;
}
