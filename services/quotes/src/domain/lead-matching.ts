import { normalizeService, normalizeVehicleType, RESPONSIVENESS_MIN_LEADS } from '@limo/contracts';
import { distanceMiles, type LatLng } from '@limo/geo';
import { isReachable, type CompanyContactDoc } from './company-contact.js';
import { SERVICE_RADIUS_MILES } from './places.js';

/** Who a company is to a city-wide request: verified owners and owners get the lead; unclaimed listings an invitation. */
export type LeadKind = 'verified-owner' | 'owner' | 'unclaimed';

const leadKindOf = (c: CompanyContactDoc): LeadKind => (c.userId === null ? 'unclaimed' : c.verifiedOwner ? 'verified-owner' : 'owner');

const KIND_RANK: Record<LeadKind, number> = { 'verified-owner': 2, owner: 1, unclaimed: 0 };

/** What the request asks for, as the match reads it. */
export interface LeadWish {
  serviceType?: string;
  vehicleType?: string;
  center?: LatLng;
}

/** A company chosen for a request, with what ranked it. */
export interface MatchedCompany {
  company: CompanyContactDoc;
  kind: LeadKind;
  score: number;
  /** Miles from the city's centre; null without coordinates on either side (listed in the city by name). */
  miles: number | null;
}

/**
 * The match score of one company (README "City-wide quote requests"), higher is better:
 * 3 if it lists the requested vehicle type, + 2 if it lists the requested service, + 2 × rating / 5
 * (0 without reviews), + 2 × its response rate (30 days, with at least 3 leads; else 0), + 1 × closeness
 * (1 at the city's centre down to 0 at the 25-mile edge; 0.5 when either has no coordinates).
 */
function matchScore(c: CompanyContactDoc, wish: LeadWish, miles: number | null): number {
  const vehicle = wish.vehicleType ? normalizeVehicleType(wish.vehicleType) : undefined;
  const service = wish.serviceType ? normalizeService(wish.serviceType) : undefined;
  const r = c.responsiveness;
  const rate = r && r.leadCount >= RESPONSIVENESS_MIN_LEADS ? r.repliedCount / r.leadCount : 0;
  const closeness = miles === null ? 0.5 : Math.max(0, 1 - miles / SERVICE_RADIUS_MILES);
  return (
    (vehicle && c.vehicleTypes?.includes(vehicle) ? 3 : 0) +
    (service && c.services?.includes(service) ? 2 : 0) +
    (c.reviewCount ? (2 * (c.rating ?? 0)) / 5 : 0) +
    2 * rate +
    closeness
  );
}

/**
 * The best `max` reachable companies for a request among those serving the city: verified owners
 * first, then other owners, then unclaimed listings; within each, the match score descending, then
 * distance ascending, then name and id.
 */
export function bestMatched(serving: readonly CompanyContactDoc[], wish: LeadWish, max: number): MatchedCompany[] {
  const ranked = serving.filter(isReachable).map((company): MatchedCompany => {
    const miles =
      wish.center && company.latitude !== null && company.longitude !== null
        ? distanceMiles(wish.center, { latitude: company.latitude, longitude: company.longitude })
        : null;
    return { company, kind: leadKindOf(company), score: matchScore(company, wish, miles), miles };
  });
  ranked.sort(
    (a, b) =>
      KIND_RANK[b.kind] - KIND_RANK[a.kind] ||
      b.score - a.score ||
      (a.miles ?? SERVICE_RADIUS_MILES) - (b.miles ?? SERVICE_RADIUS_MILES) ||
      a.company.name.localeCompare(b.company.name) ||
      a.company._id.localeCompare(b.company._id),
  );
  return ranked.slice(0, max);
}

/** How many of each kind. */
export function countKinds(matched: readonly MatchedCompany[]): Record<LeadKind, number> {
  const out: Record<LeadKind, number> = { 'verified-owner': 0, owner: 0, unclaimed: 0 };
  for (const m of matched) out[m.kind]++;
  return out;
}
