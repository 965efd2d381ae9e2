export { billingService, createBillingService, type BillingOptions, type BillingService } from './app.js';
export { PaymentSimulator, SIMULATOR_TEST_CARDS } from './payments/simulator.payments.js';
export { StripePayments } from './payments/stripe.payments.js';
export type { PaymentsProvider } from './payments/payments.port.js';
