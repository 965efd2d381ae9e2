import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_MAP_STYLE_URL, type MapsKeyConfigResponse } from '@limo/contracts';
import * as client from './client';
import { queryKeys } from './queryKeys';

/** What the browser draws maps and suggests places with, read at run time (never baked into the build). */
export type MapsConfig = MapsKeyConfigResponse;

/** Without an answer: no Google key, the free key-less style (the map and the gazetteer still work). */
const NO_KEY_CONFIG: MapsConfig = { googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL };

/** GET /api/config/maps-key: the key saved in Settings (or the server's GOOGLE_MAPS_API_KEY) and MAP_STYLE_URL. */
async function fetchMapsConfig(): Promise<MapsConfig> {
  try {
    const body = await client.mapsConfig();
    return { googleMapsApiKey: body.googleMapsApiKey || null, mapStyleUrl: body.mapStyleUrl || DEFAULT_MAP_STYLE_URL };
  } catch {
    return NO_KEY_CONFIG;
  }
}

const mapsConfigQuery = { queryKey: queryKeys.mapsConfig(), queryFn: fetchMapsConfig, staleTime: Infinity, retry: false } as const;

/** The maps config once known (undefined while it loads: callers show their key-less form meanwhile). */
export function useMapsConfig(): MapsConfig | undefined {
  return useQuery(mapsConfigQuery).data;
}

/** The maps config outside a component (asked once per query client). */
export function loadMapsConfig(queryClient: QueryClient): Promise<MapsConfig> {
  return queryClient.fetchQuery(mapsConfigQuery);
}
