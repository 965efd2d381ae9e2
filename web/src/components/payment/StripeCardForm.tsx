import { Button, Stack } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { CardFormProps } from './SimulatorCardForm';
import { colorValue } from '../../theme';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let s = stripes.get(key);
  if (!s) stripes.set(key, (s = loadStripe(key)));
  return s;
};

/** Confirms the Elements' card: the checkout's PaymentIntent, or a SetupIntent (a new card for the renewals). */
async function confirmWith(stripe: Stripe, elements: StripeElements, intent: CardFormProps['intent']) {
  const options = { elements, redirect: 'if_required' as const, confirmParams: { return_url: window.location.href } };
  if (intent === 'setup') {
    const { error, setupIntent } = await stripe.confirmSetup(options);
    return { error, done: setupIntent?.status === 'succeeded' || setupIntent?.status === 'processing', id: setupIntent?.id };
  }
  const { error, paymentIntent } = await stripe.confirmPayment(options);
  return { error, done: paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing', id: paymentIntent?.id };
}

function Inner({ submitLabel, intent, onPaid, onFailure }: Omit<CardFormProps, 'clientSecret' | 'config'>) {
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
      const { error, done, id } = await confirmWith(stripe, elements, intent);
      if (error) {
        if (error.code === 'payment_intent_unexpected_state' || error.code === 'setup_intent_unexpected_state')
          return onFailure({ kind: 'expired', message: error.message });
        return onFailure({ kind: 'declined', type: error.type, message: error.message });
      }
      if (done && id) onPaid(id);
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

/** Stripe Elements (when /api/payments/config names Stripe): the checkout's payment or a card update's setup; loaded only on those screens. */
export default function StripeCardForm({ clientSecret, config, ...rest }: CardFormProps) {
  return (
    <Elements
      stripe={stripeFor(config.publishableKey ?? '')}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: colorValue('brand.700') } } }}
    >
      <Inner {...rest} />
    </Elements>
  );
}
