import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Text } from '@chakra-ui/react';
import { Layer, Map, Marker, Popup, Source, type MapRef } from 'react-map-gl/maplibre';
import { CompanyPopup } from './CompanyPopup';
import { ClusterPin, CompanyPin } from './MapPins';
import { boundsOf, featureCollectionOf, screenMarkersOf, type ScreenMarker } from './mapGeometry';
import type { MapEngineProps } from './ResultsMap';

// MapLibre looks for its worker next to its own script, which the bundle renames: it is shipped as an asset.
setWorkerUrl(workerUrl);

const SOURCE = 'companies';
const FIT = { padding: 48, maxZoom: 13 } as const;

/**
 * The key-less map: MapLibre GL on the configured style. Companies are a clustering GeoJSON source
 * drawn as HTML markers (MapLibre's own clustering decides which companies share a marker).
 */
export default function MapLibreResultsMap({ points, styleUrl, activeId, onActivate }: MapEngineProps) {
  const map = useRef<MapRef>(null);
  const [markers, setMarkers] = useState<ScreenMarker[]>([]);
  const [popupId, setPopupId] = useState<string | null>(null);
  // The style (or its tiles) could not be fetched, e.g. offline: said on the map, not thrown in the console.
  const [unreachable, setUnreachable] = useState(false);
  // The companies of each cluster on screen, by marker key (asked of the source once drawn).
  const [leaves, setLeaves] = useState<ReadonlyMap<string, string[]>>(new globalThis.Map());
  const data = useMemo(() => featureCollectionOf(points), [points]);
  const bounds = useMemo(() => boundsOf(points), [points]);
  const byId = useMemo(() => new globalThis.Map(points.map((p, i) => [p.id, { point: p, number: i + 1 }])), [points]);

  const refresh = useCallback(() => {
    const m = map.current;
    if (!m || !m.getSource(SOURCE)) return;
    const next = screenMarkersOf(m.querySourceFeatures(SOURCE), points);
    setMarkers(next);
    const source = m.getSource<GeoJSONSource>(SOURCE);
    const clusters = next.filter((k) => k.kind === 'cluster');
    if (!source?.getClusterLeaves || clusters.length === 0) return;
    Promise.all(
      clusters.map(
        async (c) => [c.key, (await source.getClusterLeaves(c.clusterId, c.count, 0)).map((f) => String(f.properties?.id))] as const,
      ),
    )
      .then((entries) => setLeaves(new globalThis.Map(entries)))
      // A cluster of data replaced meanwhile: the next refresh names the new ones.
      .catch(() => undefined);
  }, [points]);

  // A new page or new filters: frame their companies, and close a popup of a company no longer listed.
  useEffect(() => {
    if (bounds) map.current?.fitBounds(bounds, { ...FIT, duration: 0 });
    setPopupId((open) => (open && byId.has(open) ? open : null));
    refresh();
  }, [bounds, byId, refresh]);

  const zoomInto = async (clusterId: number, longitude: number, latitude: number) => {
    const source = map.current?.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;
    const zoom = await source.getClusterExpansionZoom(clusterId);
    map.current?.easeTo({ center: [longitude, latitude], zoom, duration: 300 });
  };

  const open = popupId ? byId.get(popupId) : undefined;
  return (
    <Map
      ref={map}
      initialViewState={bounds ? { bounds, fitBoundsOptions: FIT } : { longitude: -98.5, latitude: 39.8, zoom: 3 }}
      mapStyle={styleUrl}
      style={{ width: '100%', height: '100%' }}
      cooperativeGestures
      onLoad={refresh}
      onMoveEnd={refresh}
      onSourceData={(e) => {
        if (e.sourceId === SOURCE && e.isSourceLoaded) refresh();
      }}
      onClick={() => setPopupId(null)}
      onError={() => setUnreachable(true)}
    >
      {unreachable && (
        <Text position="absolute" top="2" left="2" right="2" zIndex="1" bg="white" px="2" py="1" rounded="md" fontSize="sm" role="status">
          The map could not load its tiles. The list shows every company.
        </Text>
      )}
      <Source id={SOURCE} type="geojson" data={data} cluster clusterRadius={36} clusterMaxZoom={14}>
        {/* Invisible: the markers are HTML, but the source only tiles what a layer draws. */}
        <Layer id="companies-anchor" type="circle" paint={{ 'circle-radius': 1, 'circle-opacity': 0 }} />
      </Source>
      {markers.map((m) => {
        if (m.kind === 'cluster') {
          return (
            <Marker key={m.key} longitude={m.longitude} latitude={m.latitude}>
              <ClusterPin
                count={m.count}
                companies={leaves.get(m.key)?.flatMap((id) => byId.get(id)?.point ?? [])}
                onOpen={() => void zoomInto(m.clusterId, m.longitude, m.latitude)}
              />
            </Marker>
          );
        }
        const listed = byId.get(m.id);
        if (!listed) return null;
        const active = m.id === activeId;
        return (
          <Marker key={m.key} longitude={m.longitude} latitude={m.latitude} style={{ zIndex: active ? 1 : 0 }}>
            <CompanyPin point={listed.point} number={listed.number} active={active} onActivate={onActivate} onOpen={setPopupId} />
          </Marker>
        );
      })}
      {open && (
        <Popup
          longitude={open.point.longitude}
          latitude={open.point.latitude}
          offset={18}
          onClose={() => setPopupId(null)}
          closeOnClick={false}
        >
          <CompanyPopup point={open.point} />
        </Popup>
      )}
    </Map>
  );
}
