import { z } from 'zod';

// A module of its own: the home page's first call reads its answer with this schema, and billing's
// module (every payment and subscription schema) would come along with it.

/**
 * `GET /api/config/maps-key` (billing): the browser maps key, or null (the app then draws its map with
 * MapLibre GL on `mapStyleUrl` and suggests places from its offline geo routes).
 */
export const mapsKeyConfigResponseSchema = z.object({ googleMapsApiKey: z.string().nullable(), mapStyleUrl: z.string() });
export type MapsKeyConfigResponse = z.infer<typeof mapsKeyConfigResponseSchema>;
