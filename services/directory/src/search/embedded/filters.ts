import type { SearchQuery } from '@limo/company-search';
import { ALIVE, LICENSED, TOP_RATED, VERIFIED_OWNER } from './ranking.js';

/** Days since 1970-01-01 of a yyyy-MM-dd date (at least 1 for any date the index sees). */
export const dayNumber = (date: string): number => Math.max(1, Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000));

/** The per-slot columns the filters read. */
export interface FilterColumns {
  flags: Uint8Array;
  rating: Float64Array;
  states: string[];
  price: Uint8Array;
  insuredUntil: Uint32Array;
  /** slug → 1 at the slots of companies offering it. */
  services: Map<string, Uint8Array>;
  vehicleTypes: Map<string, Uint8Array>;
  /** price range → its code in `price`. */
  priceCodes: Map<string, number>;
}

/** A query's filters, resolved against the columns: what every match passes besides geography and text. */
export interface Filter {
  /** The flags every match has, tested at once. */
  mask: number;
  /** Day number the verified insurance must run on (0: no such filter). */
  insuredOn: number;
  service: Uint8Array | undefined;
  /** The price range's code (0: no such filter). */
  priceCode: number;
  minRating: number | undefined;
  state: string | undefined;
  /** Any of these vehicle types' columns (none: no such filter). */
  vehicles: Uint8Array[];
}

/** The query's filters, or null when one names a value no company has (nothing can match). */
export function queryFilter(columns: FilterColumns, query: SearchQuery): Filter | null {
  const service = query.service === undefined ? undefined : columns.services.get(query.service);
  if (query.service !== undefined && !service) return null;
  const vehicles = (query.vehicleTypes ?? []).map((slug) => columns.vehicleTypes.get(slug)).filter((c): c is Uint8Array => c !== undefined);
  if (query.vehicleTypes?.length && vehicles.length === 0) return null;
  const priceCode = query.priceRange === undefined ? 0 : (columns.priceCodes.get(query.priceRange) ?? -1);
  if (priceCode < 0) return null;
  const { minRating, state, verifiedOwner, licensed, topRated } = query;
  return {
    mask: ALIVE | (verifiedOwner ? VERIFIED_OWNER : 0) | (licensed ? LICENSED : 0) | (topRated ? TOP_RATED : 0),
    insuredOn: query.insuredOn === undefined ? 0 : dayNumber(query.insuredOn),
    service,
    priceCode,
    minRating,
    state,
    vehicles,
  };
}

/** Whether the company at `slot` passes `filter`. A plain function, so the search's loops inline it. */
export function passes(filter: Filter, columns: FilterColumns, slot: number): boolean {
  const { mask, service, vehicles } = filter;
  if ((columns.flags[slot] & mask) !== mask) return false;
  if (filter.insuredOn && !(columns.insuredUntil[slot] >= filter.insuredOn)) return false;
  if (service && service[slot] === 0) return false;
  if (filter.priceCode && columns.price[slot] !== filter.priceCode) return false;
  if (filter.minRating !== undefined && !(columns.rating[slot] >= filter.minRating)) return false;
  if (filter.state !== undefined && columns.states[slot] !== filter.state) return false;
  if (vehicles.length === 0) return true;
  for (let v = 0; v < vehicles.length; v++) if (vehicles[v][slot] === 1) return true;
  return false;
}
