import Stripe from 'stripe';
import { describe } from 'vitest';
import { describeWithEngine } from '@limo/platform/testing';
import { PaymentSimulator } from '../src/payments/simulator.payments.js';
import { StripePayments } from '../src/payments/stripe.payments.js';
import { describePaymentsContract } from './payments.contract.js';

const WEBHOOK_SECRET = 'whsec_contractsuite0123456789';

describe('payments contract: simulator', () => {
  describePaymentsContract({
    fixtures: false,
    async make() {
      const simulator = new PaymentSimulator({ webhookSecret: WEBHOOK_SECRET, deliver: async () => 200, duplicateRate: 0 });
      return { provider: simulator, sign: (payload, t) => simulator.sign(payload, t), close: () => simulator.close() };
    },
  });
});

// stripe-mock (infra/local/stripe-mock.sh) validates each request the SDK sends against Stripe's
// OpenAPI; it keeps no state, so the suite checks only what a stateless fixture server can answer.
describeWithEngine('payments contract: Stripe against stripe-mock', 'STRIPE_MOCK_URL', (url) => {
  describePaymentsContract({
    fixtures: true,
    async make() {
      const provider = StripePayments.create({
        secretKey: 'sk_test_contractsuite',
        publishableKey: 'pk_test_contractsuite',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: url,
        priceLookupKey: 'limo_contract_yearly',
      });
      const signer = new Stripe('sk_test_signer');
      return {
        provider,
        sign: (payload, t) =>
          signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(t !== undefined && { timestamp: t }) }),
        close: () => provider.close(),
      };
    },
  });
});
