import { GoogleMap, InfoWindowF, MarkerClustererF, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import { useEffect, useMemo, useState } from 'react';
import { GOOGLE_LOADER } from '../../lib/googleMaps';
import { CompanyPopup } from './CompanyPopup';
import { boundsOf } from './mapGeometry';
import type { MapEngineProps } from './ResultsMap';

const CONTAINER = { width: '100%', height: '100%' };

/**
 * The map with a Google Maps key (read at run time): `@react-google-maps/api` with clustered
 * markers. If Google cannot load (a bad or restricted key), the key-less map (`fallback`) is drawn.
 */
export default function GoogleResultsMap({
  points,
  apiKey,
  activeId,
  onActivate,
  fallback,
}: MapEngineProps & { apiKey: string; fallback: React.ReactNode }) {
  const { isLoaded, loadError } = useJsApiLoader({ ...GOOGLE_LOADER, googleMapsApiKey: apiKey });
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [popupId, setPopupId] = useState<string | null>(null);
  const bounds = useMemo(() => boundsOf(points), [points]);

  useEffect(() => {
    if (loadError) console.warn('Google Maps could not load; drawing the key-less map instead.', loadError);
  }, [loadError]);

  useEffect(() => {
    if (!map || !bounds) return;
    const [[west, south], [east, north]] = bounds;
    map.fitBounds({ west, south, east, north }, 48);
    const listener = google.maps.event.addListenerOnce(map, 'idle', () => {
      if ((map.getZoom() ?? 0) > 13) map.setZoom(13);
    });
    setPopupId((open) => (open && points.some((p) => p.id === open) ? open : null));
    return () => listener.remove();
  }, [map, bounds, points]);

  if (loadError) return <>{fallback}</>;
  if (!isLoaded) return null;
  const open = points.find((p) => p.id === popupId);
  return (
    <GoogleMap
      mapContainerStyle={CONTAINER}
      onLoad={setMap}
      onUnmount={() => setMap(null)}
      options={{ gestureHandling: 'cooperative', streetViewControl: false }}
    >
      <MarkerClustererF averageCenter>
        {(clusterer) => (
          <>
            {points.map((p, i) => (
              <MarkerF
                key={p.id}
                clusterer={clusterer}
                position={{ lat: p.latitude, lng: p.longitude }}
                title={p.name}
                label={{ text: String(i + 1), color: 'white', fontWeight: 'bold' }}
                zIndex={p.id === activeId ? 1000 : undefined}
                animation={p.id === activeId ? google.maps.Animation.BOUNCE : undefined}
                onMouseOver={() => onActivate(p.id)}
                onMouseOut={() => onActivate(null)}
                onClick={() => setPopupId(p.id)}
              />
            ))}
          </>
        )}
      </MarkerClustererF>
      {open && (
        <InfoWindowF position={{ lat: open.latitude, lng: open.longitude }} onCloseClick={() => setPopupId(null)}>
          <CompanyPopup point={open} />
        </InfoWindowF>
      )}
    </GoogleMap>
  );
}
