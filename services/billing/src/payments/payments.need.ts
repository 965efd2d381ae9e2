import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { needSwitch, type PaymentKeys } from '@limo/platform';
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

/** What billing asks its payments switch with: the keys in force, and the simulator's wiring. */
export interface PaymentsInput extends PaymentKeys {
  simulator: SimulatorHooks;
}

/**
 * Billing's payments port: it offers the Stripe adapter and the simulator; which one serves the keys
 * in force is the composition root's rule (`switchRules.payments`), asked again whenever an admin
 * saves keys, so a change applies without a restart.
 */
export const paymentsNeed = needSwitch<PaymentsProvider, BillingEnv, PaymentsInput>('payments', {
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
  simulator: ({ ctx, env }, { simulator }) =>
    new PaymentSimulator({
      webhookSecret: env.SIMULATOR_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64')}`,
      deliver: simulator.deliver,
      onDeliveryError: simulator.onDeliveryError,
      // Embedded: checkouts survive a restart. Distributed processes keep it in memory.
      ...(ctx.config.PROFILE === 'embedded' && { stateFile: join(ctx.config.DATA_DIR, 'billing', 'simulator-state.json') }),
      ...simulator.tuning,
    }),
});
