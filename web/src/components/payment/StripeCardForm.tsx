import { Button, Stack } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { CardFormProps } from './SimulatorCardForm';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let s = stripes.get(key);
  if (!s) stripes.set(key, (s = loadStripe(key)));
  return s;
};

function Inner({ submitLabel, onPaid, onFailure }: Omit<CardFormProps, 'clientSecret' | 'config'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return onFailure({ kind: 'not-ready' });
    setBusy(true);
    try {
      const { error: fieldsError } = await elements.submit();
      if (fieldsError) return onFailure({ kind: 'incomplete', message: fieldsError.message });
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (error) {
        if (error.code === 'payment_intent_unexpected_state') return onFailure({ kind: 'expired', message: error.message });
        return onFailure({ kind: 'declined', type: error.type, message: error.message });
      }
      if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') onPaid(paymentIntent.id);
    } catch (err) {
      onFailure({ kind: 'unexpected', message: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack asChild gap="4">
      <form aria-label="Card payment" onSubmit={(e) => void submit(e)}>
        <PaymentElement />
        <Button type="submit" colorPalette="brand" size="lg" disabled={busy || !stripe}>
          {busy ? 'Processing...' : submitLabel}
        </Button>
      </form>
    </Stack>
  );
}

/** Stripe Elements (when /api/payments/config names Stripe); loaded only on the payment screens. */
export default function StripeCardForm({ clientSecret, config, ...rest }: CardFormProps) {
  return (
    <Elements
      stripe={stripeFor(config.publishableKey ?? '')}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#23356b' } } }}
    >
      <Inner {...rest} />
    </Elements>
  );
}
