import { z } from 'zod';
import { mapStyleUrlSetting } from '@limo/contracts';
import { booleanEnv } from '@limo/platform';

/** The gateway's own settings, from environment variables (the shared config knows nothing of them). */
export const gatewayEnvSchema = z.object({
  /** Requests per minute per client IP at the gateway. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Cost units of expensive requests (claim search, big search pages, exports: `expensive-routes.ts`)
   * per minute per client IP; unset: a fifth of RATE_LIMIT_PER_MINUTE.
   */
  EXPENSIVE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Expensive requests one client IP may have running at once; past it, 429 at once. */
  EXPENSIVE_CONCURRENCY_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000).default(4),
  /** The built web app (default: `web/dist` of this checkout). */
  WEB_DIST: z.string().optional(),
  /** `/dev/outbox` (embedded, admins only): on when true; unset, on while the gateway listens on loopback only. */
  DEV_OUTBOX: booleanEnv,
  /** The key-less map's MapLibre style (billing serves it to the browser): its origin joins the CSP's connect-src. */
  MAP_STYLE_URL: mapStyleUrlSetting,
});
export type GatewaySettings = z.infer<typeof gatewayEnvSchema>;
