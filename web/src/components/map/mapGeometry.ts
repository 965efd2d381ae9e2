import type { Feature, FeatureCollection, Point } from 'geojson';
import type { MapPoint } from './mapPoints';

// Only the map engines use these (a module of their own, so the home page's chunk shares nothing with them).

/** West, south, east, north. */
export type Bounds = [[number, number], [number, number]];

/** The box around the points (undefined for none). */
export function boundsOf(points: readonly MapPoint[]): Bounds | undefined {
  if (points.length === 0) return undefined;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const p of points) {
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** The points as GeoJSON for MapLibre's clustering source. */
export function featureCollectionOf(points: readonly MapPoint[]): FeatureCollection<Point, { id: string }> {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      properties: { id: p.id },
    })),
  };
}

/** One marker on screen: a company, or a cluster of `count` companies. */
export type ScreenMarker =
  | { kind: 'company'; key: string; id: string; longitude: number; latitude: number }
  | { kind: 'cluster'; key: string; clusterId: number; count: number; longitude: number; latitude: number };

/**
 * The markers of MapLibre's clustered source features, each once (a feature crossing tiles is
 * returned for each tile), companies in `points` only (the source may still hold the previous page).
 */
export function screenMarkersOf(features: readonly Feature[], points: readonly MapPoint[]): ScreenMarker[] {
  const listed = new Set(points.map((p) => p.id));
  const seen = new Set<string>();
  const markers: ScreenMarker[] = [];
  for (const f of features) {
    if (f.geometry.type !== 'Point') continue;
    const [longitude = 0, latitude = 0] = f.geometry.coordinates;
    const props = f.properties ?? {};
    if (props.cluster === true && typeof props.cluster_id === 'number' && typeof props.point_count === 'number') {
      const key = `cluster-${props.cluster_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      markers.push({ kind: 'cluster', key, clusterId: props.cluster_id, count: props.point_count, longitude, latitude });
    } else if (typeof props.id === 'string' && listed.has(props.id) && !seen.has(props.id)) {
      seen.add(props.id);
      markers.push({ kind: 'company', key: props.id, id: props.id, longitude, latitude });
    }
  }
  return markers;
}
