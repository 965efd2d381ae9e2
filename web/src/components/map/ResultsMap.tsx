import { Box, Center, Text, type BoxProps } from '@chakra-ui/react';
import { MapPin } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { waitForIdle } from '../../lib/idle';
import { useMapsConfig } from '../../lib/mapsConfig';
import { mapPointsOf, type MapCompany, type MapPoint } from './mapPoints';

// Loaded on demand, after the list is on screen: the map engines stay out of the first download.
const MapLibreResultsMap = lazy(() => import('./MapLibreResultsMap'));
const GoogleResultsMap = lazy(() => import('./GoogleResultsMap'));

/** What a map engine draws. */
export interface MapEngineProps {
  points: MapPoint[];
  /** The MapLibre style (MAP_STYLE_URL). */
  styleUrl: string;
  activeId: string | null;
  onActivate(id: string | null): void;
}

export interface ResultsMapProps extends Omit<BoxProps, 'children'> {
  /** The companies listed on the page, in list order (those without coordinates get no marker). */
  companies: readonly MapCompany[];
  /** The company hovered or focused in the list or on the map: its marker is highlighted. */
  activeId?: string | null;
  onActivate?(id: string | null): void;
  /** False while the map is hidden (a closed toggle on a phone): its code is not loaded until shown. */
  visible?: boolean;
}

/** How far below the screen the map starts loading, so it is drawn by the time it is scrolled to. */
const NEAR_SCREEN = '400px';

/** Runs `run` once the browser is idle after `element` has come near the screen. */
function whenNearScreen(element: Element, run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancelIdle = waitForIdle(run, 1_500);
    },
    { rootMargin: NEAR_SCREEN },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancelIdle?.();
  };
}

/**
 * The map of a page's results, in a region labelled "Map of results": one marker per company
 * (clustered when dense) whose popup links to the company page. With a Google Maps key (read at run
 * time from `/api/config/maps-key`) Google draws it, without one MapLibre GL on MAP_STYLE_URL. The
 * server and the first paint get a placeholder; the engine is fetched once the map is near the screen
 * and the browser idle.
 */
export function ResultsMap({ companies, activeId = null, onActivate, visible = true, ...boxProps }: ResultsMapProps) {
  const config = useMapsConfig();
  const [ready, setReady] = useState(false);
  const points = useMemo(() => mapPointsOf(companies), [companies]);
  const activate = onActivate ?? (() => undefined);

  const region = useRef<HTMLDivElement>(null);

  // A map below the list (a city page on a phone) is fetched only when scrolled near: ~250 KB of
  // MapLibre that a visitor who never scrolls there does not download.
  useEffect(() => {
    if (!visible || ready || !region.current) return;
    return whenNearScreen(region.current, () => setReady(true));
  }, [visible, ready]);

  const placeholder = (
    <Center h="full" flexDirection="column" gap="2" color="gray.600" data-testid="map-placeholder">
      <MapPin aria-hidden="true" />
      <Text fontSize="sm">
        {points.length === 0 && companies.length > 0 ? 'No map locations for these companies' : 'Map of the companies listed'}
      </Text>
    </Center>
  );
  const engine = { points, styleUrl: config?.mapStyleUrl ?? '', activeId, onActivate: activate };
  const maplibre = <MapLibreResultsMap {...engine} />;

  return (
    <Box
      ref={region}
      as="section"
      aria-label="Map of results"
      position="relative"
      overflow="hidden"
      rounded="xl"
      borderWidth="1px"
      bg="gray.100"
      {...boxProps}
    >
      {!ready || !config || points.length === 0 ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          {config.googleMapsApiKey ? <GoogleResultsMap {...engine} apiKey={config.googleMapsApiKey} fallback={maplibre} /> : maplibre}
        </Suspense>
      )}
    </Box>
  );
}
