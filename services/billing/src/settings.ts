import { z } from 'zod';
import { mapStyleUrlSetting } from '@limo/contracts';
import { parseEnv, type Config } from '@limo/platform';

const optional = (pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || pattern.test(v), { message: `must look like ${example}` });

/** Billing's own settings, from environment variables (the shared config knows nothing of them). */
export const billingEnvSchema = z.object({
  /** Stripe secret key: set, Stripe is the provider; unset, the simulator (embedded) or nothing (distributed). */
  STRIPE_SECRET_KEY: optional(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'sk_test_… or sk_live_…'),
  STRIPE_PUBLISHABLE_KEY: optional(/^pk_(test|live)_[A-Za-z0-9]+$/, 'pk_test_… or pk_live_…'),
  STRIPE_WEBHOOK_SECRET: optional(/^whsec_[A-Za-z0-9+/=]+$/, 'whsec_…'),
  /** Another Stripe API base, e.g. stripe-mock's http://127.0.0.1:12111. */
  STRIPE_API_URL: optional(/^https?:\/\/[^\s]+$/, 'http://host:port'),
  STRIPE_PRICE_LOOKUP_KEY: z.string().trim().min(1).max(200).default('limo_directory_access_yearly'),
  /** Allows the payment simulator when no Stripe key is set (default: true in the embedded profile, false otherwise). */
  PAYMENTS_SIMULATOR_ALLOWED: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Where the simulator keeps its checkouts across restarts (default in the embedded profile: DATA_DIR/billing/simulator-state.json; unset: in memory). */
  PAYMENTS_SIMULATOR_STATE_FILE: z.string().trim().min(1).max(1024).optional(),
  /** The simulator's webhook signing secret; generated per process when unset. */
  SIMULATOR_WEBHOOK_SECRET: optional(/^whsec_[A-Za-z0-9+/=]+$/, 'whsec_…'),
  /** 32-byte key (64 hex characters or base64) encrypting stored provider keys; generated into DATA_DIR when unset. */
  BILLING_ENCRYPTION_KEY: optional(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, '64 hex characters or 32 bytes in base64'),
  /** The browser maps key, until one is saved in Settings. */
  GOOGLE_MAPS_API_KEY: optional(/^[A-Za-z0-9_-]{10,200}$/, 'AIza…'),
  /** The MapLibre style of the map drawn without a Google key (default: a free, key-less style). */
  MAP_STYLE_URL: mapStyleUrlSetting,
});
export type BillingEnv = z.infer<typeof billingEnvSchema>;

/** Billing's settings with the shared ones it reads. */
export interface BillingSettings extends BillingEnv {
  DATA_DIR: string;
  PUBLIC_URL: string;
}

/** Billing's settings: its own variables with the shared ones it reads. */
export function billingSettings(config: Config, env: BillingEnv): BillingSettings {
  return { ...env, DATA_DIR: config.DATA_DIR, PUBLIC_URL: config.PUBLIC_URL };
}

/** Reads billing's variables; throws ConfigError naming every bad one. */
export function loadBillingSettings(config: Config, env: NodeJS.ProcessEnv = process.env): BillingSettings {
  return billingSettings(config, parseEnv(billingEnvSchema, env));
}

/** Each billing variable by name with `set`/`unset` (never a value), for the start-up log. */
export function describeBillingSettings(s: BillingSettings): Record<string, string> {
  const state = (v: unknown) => (v ? 'set' : 'unset');
  return {
    STRIPE_SECRET_KEY: state(s.STRIPE_SECRET_KEY),
    STRIPE_PUBLISHABLE_KEY: state(s.STRIPE_PUBLISHABLE_KEY),
    STRIPE_WEBHOOK_SECRET: state(s.STRIPE_WEBHOOK_SECRET),
    STRIPE_API_URL: s.STRIPE_API_URL ?? 'unset (api.stripe.com)',
    STRIPE_PRICE_LOOKUP_KEY: s.STRIPE_PRICE_LOOKUP_KEY,
    PAYMENTS_SIMULATOR_ALLOWED: String(s.PAYMENTS_SIMULATOR_ALLOWED),
    SIMULATOR_WEBHOOK_SECRET: s.SIMULATOR_WEBHOOK_SECRET ? 'set' : 'unset (generated)',
    BILLING_ENCRYPTION_KEY: s.BILLING_ENCRYPTION_KEY ? 'set' : 'unset (generated into DATA_DIR/billing)',
    GOOGLE_MAPS_API_KEY: state(s.GOOGLE_MAPS_API_KEY),
    MAP_STYLE_URL: s.MAP_STYLE_URL,
  };
}
