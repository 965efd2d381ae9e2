import type { CreatePaymentIntentResponse, PaymentsConfigResponse } from '@limo/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from './api';
import * as client from './client/account';
import { queryKeys } from './queryKeys';
import { showToast } from './toast';

/** `GET /api/payments/config`. */
export type PaymentsConfig = PaymentsConfigResponse;
/** `POST /api/create-payment-intent` answer. */
export type PaymentSession = CreatePaymentIntentResponse;

/** Claimer details kept in session storage under `claimerDetails` (owner-admin §3), as typed. */
export interface ClaimerDetails {
  name: string;
  email: string;
  phone: string;
  role: string;
}

export const CLAIMER_DETAILS_KEY = 'claimerDetails';

/** The claimer details the claim page stored, if any. */
export function readClaimerDetails(): ClaimerDetails | undefined {
  try {
    const raw = sessionStorage.getItem(CLAIMER_DETAILS_KEY);
    return raw ? (JSON.parse(raw) as ClaimerDetails) : undefined;
  } catch {
    return undefined;
  }
}

/** Which payment form to load, from the server. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: queryKeys.paymentsConfig(), queryFn: ({ signal }) => client.paymentsConfig(signal), staleTime: 60_000 });
}

/** Starts the $75/year subscription's first payment; the server decides the amount. */
export async function createPaymentSession(body: {
  /** `listing` with the owner's own `companyId`: the upgrade of that (free) listing. */
  plan: 'claim' | 'listing';
  companyId?: string;
  metadata: Record<string, string>;
  claimerDetails?: ClaimerDetails;
}): Promise<PaymentSession> {
  return client.createPaymentIntent({ amount: 75, ...body });
}

/** Which flow is paying: the messages of §8 differ slightly for the listing flow. */
export type PaymentFlow = 'claim' | 'listing';

/** A card confirmation's failure, as the card forms report it. */
export interface PaymentFailure {
  /** `incomplete`: fields missing; `expired`: payment_intent_unexpected_state; `declined`: a provider error; `unexpected`: anything else; `not-ready`: no provider loaded. */
  kind: 'incomplete' | 'expired' | 'declined' | 'unexpected' | 'not-ready';
  type?: string;
  message?: string;
}

/** §8's payment toasts; an expired session reloads the page to get a new one. */
export function reportPaymentFailure(
  failure: PaymentFailure,
  flow: PaymentFlow,
  reload: () => void = () => window.location.reload(),
): void {
  switch (failure.kind) {
    case 'not-ready':
      return showToast({ title: 'Payment Error', description: 'Payment system not ready. Please refresh the page.', type: 'error' });
    case 'incomplete':
      return showToast({ title: 'Payment Error', description: failure.message || 'Please complete all payment fields.', type: 'error' });
    case 'expired':
      showToast({ title: 'Payment Session Expired', description: 'Creating a new payment session...', type: 'error' });
      sessionStorage.setItem(RENEWED_SESSION_KEY, '1');
      setTimeout(reload, 1500);
      return;
    case 'declined': {
      const message = failure.message ?? 'Your card was declined.';
      const description = flow === 'listing' || !failure.type ? message : `${failure.type}: ${message}`;
      return showToast({ title: 'Payment Failed', description, type: 'error' });
    }
    default:
      return showToast({
        title: 'Payment Error',
        description: failure.message || 'Unable to process payment. Please check that all fields are filled correctly and try again.',
        type: 'error',
      });
  }
}

/** Set before the reload of an expired session, so the spinner reads "Creating new payment...". */
export const RENEWED_SESSION_KEY = 'limo.payment.renewed';

/** §8 "Setup Error" (claim) or "Payment Setup Error" (listing). */
export function reportSetupFailure(flow: PaymentFlow): void {
  showToast({
    title: flow === 'listing' ? 'Payment Setup Error' : 'Setup Error',
    description: 'Failed to initialize payment. Please try again.',
    type: 'error',
  });
}

/** Maps an error thrown by a confirm call to the failure kinds of §8. */
export function failureOf(error: unknown): PaymentFailure {
  if (error instanceof ApiError) {
    const message = error.serverMessage;
    if (error.status === 402) return { kind: 'declined', type: 'card_error', message };
    if (error.status === 404 || error.status === 409 || /unexpected_state|session/i.test(message ?? ''))
      return { kind: 'expired', message };
    if (error.status === 400) return { kind: 'incomplete', message };
    return { kind: 'unexpected', message };
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : undefined };
}
