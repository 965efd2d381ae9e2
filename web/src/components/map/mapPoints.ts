import type { Company } from '@limo/contracts';

/** What the map needs of a company: where it is, and what its marker and popup say. */
export type MapCompany = Pick<Company, 'id' | 'name' | 'city' | 'state'> & {
  latitude?: number | string | null;
  longitude?: number | string | null;
};

/** A company the map can place. */
export interface MapPoint {
  id: string;
  name: string;
  place: string;
  latitude: number;
  longitude: number;
}

const coordinate = (v: unknown, limit: number): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
};

/** The companies with coordinates, in list order (a company without any has no marker). */
export function mapPointsOf(companies: readonly MapCompany[]): MapPoint[] {
  const points: MapPoint[] = [];
  for (const c of companies) {
    const latitude = coordinate(c.latitude, 90);
    const longitude = coordinate(c.longitude, 180);
    if (latitude === undefined || longitude === undefined) continue;
    points.push({ id: c.id, name: c.name, place: [c.city, c.state].filter(Boolean).join(', '), latitude, longitude });
  }
  return points;
}
