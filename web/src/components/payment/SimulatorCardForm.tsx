import { Alert, Button, Code, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { confirmSimulatorPayment } from '../../lib/client/account';
import { failureOf, type PaymentFailure, type PaymentsConfig } from '../../lib/payments';
import { FormField } from '../FormField';

export interface CardFormProps {
  clientSecret: string;
  config: PaymentsConfig;
  /** The button's words, e.g. "Pay $75.00". */
  submitLabel: string;
  /** `setup`: the client secret is a SetupIntent's (a card saved for renewals, Stripe only); `onPaid` gets its id. */
  intent?: 'payment' | 'setup';
  onPaid(paymentIntentId: string): void;
  onFailure(failure: PaymentFailure): void;
}

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The payment simulator's card form (test mode): the same steps as Stripe, no real card involved. */
export function SimulatorCardForm({ clientSecret, config, submitLabel, onPaid, onFailure }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [needsAuth, setNeedsAuth] = useState(false);

  const confirm = async (authenticate: boolean) => {
    setBusy(true);
    try {
      const answer = await confirmSimulatorPayment({
        clientSecret,
        cardNumber,
        expiry,
        cvc,
        ...(authenticate ? { authenticate } : {}),
      });
      if (answer.status === 'succeeded') onPaid(answer.paymentIntentId);
      else if (answer.status === 'requires_action') setNeedsAuth(true);
      else onFailure({ kind: 'declined', type: 'card_error', message: `Payment ${answer.status.replace(/_/g, ' ')}.` });
    } catch (error) {
      onFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cardNumber.trim() || !expiry.trim() || !cvc.trim()) {
      onFailure({ kind: 'incomplete' });
      return;
    }
    void confirm(false);
  };

  return (
    <Stack asChild gap="4">
      <form noValidate aria-label="Card payment" onSubmit={submit}>
        <Alert.Root status="info" data-testid="test-mode-note">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Test mode: no real card is charged</Alert.Title>
            <Alert.Description>
              <Text>Use any future expiry date and any 3-digit CVC with one of these test cards:</Text>
              <List.Root ps="4" mt="1">
                {config.testCards.map((c) => (
                  <List.Item key={c.number}>
                    <Code>{spaced(c.number)}</Code> {c.outcome}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <FormField label="Card number" required>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={cardNumber}
            onChange={(e) => setCardNumber(e.target.value)}
          />
        </FormField>
        <SimpleGrid columns={2} gap="4">
          <FormField label="Expiry (MM/YY)" required>
            <Input autoComplete="cc-exp" placeholder="12/34" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          </FormField>
          <FormField label="CVC" required>
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value)} />
          </FormField>
        </SimpleGrid>
        {needsAuth ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your bank asks you to confirm this payment (test mode).</Alert.Title>
              <Button mt="2" size="sm" colorPalette="brand" disabled={busy} onClick={() => void confirm(true)}>
                Complete authentication
              </Button>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Button type="submit" colorPalette="brand" size="lg" disabled={busy}>
            {busy ? 'Processing...' : submitLabel}
          </Button>
        )}
      </form>
    </Stack>
  );
}
