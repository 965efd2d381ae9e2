import { EARTH_RADIUS_MILES } from '@limo/geo';

// Distances are compared as squared chords between unit vectors: they order exactly as great-circle
// distances and need no trigonometry per company.

const RAD = Math.PI / 180;

/** The point on the unit sphere at (lat, lng). */
export function unitVector(lat: number, lng: number): [number, number, number] {
  const cosLat = Math.cos(lat * RAD);
  return [cosLat * Math.cos(lng * RAD), cosLat * Math.sin(lng * RAD), Math.sin(lat * RAD)];
}

/**
 * Boxes (minLng, minLat, maxLng, maxLat) covering every point within `miles` of the centre: one,
 * or two when the circle crosses the antimeridian; the full width of longitudes near a pole.
 */
export function boundingBoxes(lat: number, lng: number, miles: number): Array<[number, number, number, number]> {
  const angle = miles / EARTH_RADIUS_MILES;
  const minLat = lat - angle / RAD;
  const maxLat = lat + angle / RAD;
  if (minLat <= -90 || maxLat >= 90 || Math.sin(angle) >= Math.cos(lat * RAD)) {
    return [[-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)]];
  }
  const halfWidth = Math.asin(Math.sin(angle) / Math.cos(lat * RAD)) / RAD;
  const minLng = lng - halfWidth;
  const maxLng = lng + halfWidth;
  if (minLng < -180)
    return [
      [minLng + 360, minLat, 180, maxLat],
      [-180, minLat, maxLng, maxLat],
    ];
  if (maxLng > 180)
    return [
      [minLng, minLat, 180, maxLat],
      [-180, minLat, maxLng - 360, maxLat],
    ];
  return [[minLng, minLat, maxLng, maxLat]];
}

/** The squared chord between two points `miles` apart on the earth's surface. */
export function chord2OfMiles(miles: number): number {
  return (2 * Math.sin(miles / EARTH_RADIUS_MILES / 2)) ** 2;
}

/** The great-circle miles of a squared chord. */
export function milesOfChord2(chord2: number): number {
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(chord2) / 2));
}
