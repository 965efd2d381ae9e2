import { randomBytes } from 'node:crypto';
import { needSwitch } from '@limo/platform';
import type { BillingEnv } from '../settings.js';
import type { PaymentsProvider } from './payments.port.js';
import { PaymentSimulator, type SimulatorOptions, type WebhookDelivery } from './simulator.payments.js';
import { StripePayments } from './stripe.payments.js';

/** What the simulator is wired to: where it posts its webhooks, and tuning tests change. */
export interface SimulatorHooks {
  deliver: WebhookDelivery;
  onDeliveryError: (err: unknown, eventId: string) => void;
  tuning: Partial<SimulatorOptions>;
}

/** The keys a payments engine is chosen by (the ones saved in Settings, else the environment's). */
export interface PaymentKeys {
  stripeSecretKey: string | null;
  stripePublicKey: string | null;
  stripeWebhookSecret: string | null;
}

/**
 * Billing's payments rule: Stripe for a Stripe secret key (a new adapter for new keys); without one
 * the simulator where PAYMENTS_SIMULATOR_ALLOWED (the composition root's default in the embedded
 * profile; refused otherwise); else none (payments are not configured).
 */
export function choosePayments(env: Pick<BillingEnv, 'PAYMENTS_SIMULATOR_ALLOWED'>, keys: PaymentKeys) {
  if (keys.stripeSecretKey) {
    return { engine: 'stripe', key: [keys.stripeSecretKey, keys.stripePublicKey ?? '', keys.stripeWebhookSecret ?? ''].join('|') };
  }
  // One simulator per process, whatever keys come and go.
  return env.PAYMENTS_SIMULATOR_ALLOWED ? { engine: 'simulator', key: '' } : null;
}

/** What billing asks its payments switch with: the keys in force, and the simulator's wiring. */
export interface PaymentsInput extends PaymentKeys {
  simulator: SimulatorHooks;
}

/**
 * Billing's payments port: it offers the Stripe adapter and the simulator; which one serves the keys
 * in force is {@link choosePayments}, asked again whenever an admin saves keys, so a change applies
 * without a restart.
 */
export const paymentsNeed = needSwitch<PaymentsProvider, BillingEnv, PaymentsInput>('payments', {
  choose: choosePayments,
  adapters: {
    stripe: ({ ctx, env }, keys) => {
      if (!keys.stripeSecretKey) throw new Error('the Stripe adapter needs a secret key');
      const provider = StripePayments.create({
        secretKey: keys.stripeSecretKey,
        publishableKey: keys.stripePublicKey,
        webhookSecret: keys.stripeWebhookSecret,
        apiUrl: env.STRIPE_API_URL,
        priceLookupKey: env.STRIPE_PRICE_LOOKUP_KEY,
      });
      ctx.logger.child({ service: 'billing' }).info({ provider: 'stripe', testMode: provider.testMode }, 'payments: Stripe keys in force');
      return provider;
    },
    simulator: ({ env }, { simulator }) =>
      new PaymentSimulator({
        webhookSecret: env.SIMULATOR_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64')}`,
        deliver: simulator.deliver,
        onDeliveryError: simulator.onDeliveryError,
        // Checkouts survive a restart where a state file is set (the embedded profile's default); else in memory.
        ...(env.PAYMENTS_SIMULATOR_STATE_FILE && { stateFile: env.PAYMENTS_SIMULATOR_STATE_FILE }),
        ...simulator.tuning,
      }),
  },
});
