import { HttpError, type AdapterSwitch, type Logger } from '@limo/platform';
import type { ProviderKeys, SavedProviderKeys } from '../domain/provider-keys.js';
import type { BillingSettings } from '../settings.js';
import type { PaymentsInput, SimulatorHooks } from './payments.need.js';
import type { PaymentsProvider } from './payments.port.js';
import { PaymentSimulator, type SimulatorOptions, type WebhookDelivery } from './simulator.payments.js';

/** How long a billing process trusts its copy of the stored keys (other processes apply a save within this). */
const KEYS_TTL_MS = 5_000;

/** The keys in force: the ones saved in Settings, else the environment's. */
export interface EffectiveKeys {
  stripeSecretKey: string | null;
  stripePublicKey: string | null;
  stripeWebhookSecret: string | null;
  googleMapsApiKey: string | null;
}

const NO_STRIPE_KEYS = { stripeSecretKey: null, stripePublicKey: null, stripeWebhookSecret: null };

/**
 * The keys in force (saved in Settings, else the environment's) and the payments adapter that serves
 * them, asked of the switch the runtime hands billing (the choice is the composition root's rule);
 * a save applies without a restart.
 */
export class PaymentsRegistry {
  private cached: { keys: EffectiveKeys; at: number } | null = null;
  private delivery: WebhookDelivery = async () => 503;
  private readonly hooks: SimulatorHooks;

  constructor(
    private readonly settings: BillingSettings,
    private readonly keys: SavedProviderKeys,
    private readonly payments: AdapterSwitch<PaymentsProvider, PaymentsInput>,
    logger: Logger,
    simulatorOptions: Partial<SimulatorOptions> = {},
  ) {
    this.hooks = {
      deliver: (payload, header) => this.delivery(payload, header),
      onDeliveryError: (err, eventId) => logger.warn({ err, eventId }, 'simulator webhook delivery failed'),
      tuning: simulatorOptions,
    };
  }

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
    return this.payments.engineFor({ ...NO_STRIPE_KEYS, simulator: this.hooks }) === 'simulator';
  }

  /** The adapter in force; a 503 with the reason when payments are not configured. */
  async current(): Promise<PaymentsProvider> {
    const { stripeSecretKey, stripePublicKey, stripeWebhookSecret } = await this.effectiveKeys();
    const provider = this.payments.adapterFor({ stripeSecretKey, stripePublicKey, stripeWebhookSecret, simulator: this.hooks });
    if (!provider) {
      throw new HttpError(
        503,
        'Payments are not configured: set STRIPE_SECRET_KEY or save the Stripe keys in Settings (the test-mode simulator is refused in PROFILE=distributed unless PAYMENTS_SIMULATOR_ALLOWED=true)',
      );
    }
    return provider;
  }

  /** The simulator (one per process, its state kept across key changes), or null where it is refused. */
  simulator(): PaymentSimulator | null {
    const provider = this.payments.adapterFor({ ...NO_STRIPE_KEYS, simulator: this.hooks });
    return provider instanceof PaymentSimulator ? provider : null;
  }
}
