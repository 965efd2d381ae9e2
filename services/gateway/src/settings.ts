import { z } from 'zod';
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
  /** The built web app (default: `web/dist` of this checkout). */
  WEB_DIST: z.string().optional(),
  /** `/dev/outbox` (embedded, admins only): on when true; unset, on while the gateway listens on loopback only. */
  DEV_OUTBOX: booleanEnv,
});
export type GatewaySettings = z.infer<typeof gatewayEnvSchema>;
