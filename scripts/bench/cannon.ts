import { createRequire } from 'node:module';

/** The part of autocannon's result the benches read (the package ships no types). */
interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
}
export type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;

/** autocannon, typed by the fields above. */
export const cannon = createRequire(import.meta.url)('autocannon') as Cannon;
