import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { HttpError, type Logger } from '@limo/platform';
import type { ProviderKeys, SavedProviderKeys } from '../domain/provider-keys.js';
import type { BillingSettings } from '../settings.js';
import type { PaymentsProvider } from './payments.port.js';
import { PaymentSimulator, type SimulatorOptions, type WebhookDelivery } from './simulator.payments.js';
import { StripePayments } from './stripe.payments.js';

/** How long a billing process trusts its copy of the stored keys (other processes apply a save within this). */
const KEYS_TTL_MS = 5_000;

/** The keys in force: the ones saved in Settings, else the environment's. */
export interface EffectiveKeys {
  stripeSecretKey: string | null;
  stripePublicKey: string | null;
  stripeWebhookSecret: string | null;
  googleMapsApiKey: string | null;
}

/**
 * Picks the payments adapter from the keys in force, and switches when an admin saves new ones (no
 * restart): a Stripe secret key selects Stripe; without one the simulator answers, except in
 * PROFILE=distributed unless PAYMENTS_SIMULATOR_ALLOWED=true.
 */
export class PaymentsRegistry {
  private cached: { keys: EffectiveKeys; at: number } | null = null;
  private stripe: { fingerprint: string; provider: StripePayments } | null = null;
  private simulatorInstance: PaymentSimulator | null = null;
  private delivery: WebhookDelivery = async () => 503;

  constructor(
    private readonly settings: BillingSettings,
    private readonly keys: SavedProviderKeys,
    private readonly logger: Logger,
    private readonly simulatorOptions: Partial<SimulatorOptions> = {},
  ) {}

  /** Where the simulator posts its webhooks (the service's own webhook route). */
  setWebhookDelivery(deliver: WebhookDelivery): void {
    this.delivery = deliver;
  }

  /** The keys in force now. */
  async effectiveKeys(): Promise<EffectiveKeys> {
    if (this.cached && Date.now() - this.cached.at < KEYS_TTL_MS) return this.cached.keys;
    const saved: ProviderKeys = await this.keys.read();
    const s = this.settings;
    const keys: EffectiveKeys = {
      stripeSecretKey: saved.stripeSecretKey ?? s.STRIPE_SECRET_KEY ?? null,
      stripePublicKey: saved.stripePublicKey ?? s.STRIPE_PUBLISHABLE_KEY ?? null,
      stripeWebhookSecret: saved.stripeWebhookSecret ?? s.STRIPE_WEBHOOK_SECRET ?? null,
      googleMapsApiKey: saved.googleMapsApiKey ?? s.GOOGLE_MAPS_API_KEY ?? null,
    };
    this.cached = { keys, at: Date.now() };
    return keys;
  }

  /** Forgets the cached keys: the next call uses what is stored now. */
  invalidate(): void {
    this.cached = null;
  }

  /** True when the simulator may answer in this profile. */
  get simulatorAllowed(): boolean {
    return this.settings.PROFILE === 'embedded' || this.settings.PAYMENTS_SIMULATOR_ALLOWED === true;
  }

  /** The adapter in force; a 503 with the reason when payments are not configured. */
  async current(): Promise<PaymentsProvider> {
    const keys = await this.effectiveKeys();
    if (keys.stripeSecretKey) {
      const fingerprint = `${keys.stripeSecretKey}|${keys.stripePublicKey ?? ''}|${keys.stripeWebhookSecret ?? ''}`;
      if (this.stripe?.fingerprint !== fingerprint) {
        this.stripe = {
          fingerprint,
          provider: StripePayments.create({
            secretKey: keys.stripeSecretKey,
            publishableKey: keys.stripePublicKey,
            webhookSecret: keys.stripeWebhookSecret,
            apiUrl: this.settings.STRIPE_API_URL,
            priceLookupKey: this.settings.STRIPE_PRICE_LOOKUP_KEY,
          }),
        };
        this.logger.info({ provider: 'stripe', testMode: this.stripe.provider.testMode }, 'payments: Stripe keys in force');
      }
      return this.stripe.provider;
    }
    const simulator = this.simulator();
    if (!simulator) {
      throw new HttpError(
        503,
        'Payments are not configured: set STRIPE_SECRET_KEY or save the Stripe keys in Settings (the test-mode simulator is refused in PROFILE=distributed unless PAYMENTS_SIMULATOR_ALLOWED=true)',
      );
    }
    return simulator;
  }

  /** The simulator (one per process, its state kept across key changes), or null where it is refused. */
  simulator(): PaymentSimulator | null {
    if (!this.simulatorAllowed) return null;
    if (!this.simulatorInstance) {
      this.simulatorInstance = new PaymentSimulator({
        webhookSecret: this.settings.SIMULATOR_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64')}`,
        deliver: (payload, header) => this.delivery(payload, header),
        onDeliveryError: (err, eventId) => this.logger.warn({ err, eventId }, 'simulator webhook delivery failed'),
        // Embedded: checkouts survive a restart. Distributed processes keep it in memory.
        ...(this.settings.PROFILE === 'embedded' && { stateFile: join(this.settings.DATA_DIR, 'billing', 'simulator-state.json') }),
        ...this.simulatorOptions,
      });
    }
    return this.simulatorInstance;
  }

  async close(): Promise<void> {
    await this.simulatorInstance?.close();
    await this.stripe?.provider.close();
  }
}
