import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MySubscription } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { CardPayment } from '../../components/payment/CardPayment';
import { messageOf } from '../../lib/api';
import { confirmMyCard, updateMyCard } from '../../lib/client/account';
import { usePaymentsConfig } from '../../lib/payments';
import { showToast } from '../../lib/toast';

/**
 * The Billing tab's "Update card": the card the renewals charge from now on. With Stripe, the card goes
 * into Stripe Elements (a SetupIntent the server starts), then the server makes it the default; in test
 * mode, the simulator's 4242 card, and a past-due renewal is paid with it.
 */
export function UpdateCardForm({ companyId, onUpdated }: { companyId: string; onUpdated(subscription: MySubscription): void }) {
  const config = usePaymentsConfig();
  if (config.data?.provider === 'stripe' && config.data.publishableKey)
    return <StripeUpdateCard companyId={companyId} onUpdated={onUpdated} />;
  if (config.data?.provider !== 'simulator') {
    return config.data ? (
      <Text fontSize="sm" color="gray.700">
        To change the card your renewals are charged to, write to support.
      </Text>
    ) : null;
  }
  return <SimulatorUpdateCard companyId={companyId} onUpdated={onUpdated} />;
}

interface UpdateCardProps {
  companyId: string;
  onUpdated(subscription: MySubscription): void;
}

const cardError = (error: unknown) =>
  showToast({ type: 'error', title: 'Could not update the card', description: messageOf(error, 'Please try again.') });

/** Stripe: "Update card" starts a SetupIntent; Elements confirms it; the confirm call makes it the default. */
function StripeUpdateCard({ companyId, onUpdated }: UpdateCardProps) {
  const config = usePaymentsConfig();
  const [setup, setSetup] = useState<{ clientSecret: string; setupIntentId: string } | null>(null);
  const start = useMutation({
    mutationFn: () => updateMyCard({ companyId }),
    onSuccess: (result) => {
      if (result.clientSecret && result.setupIntentId) setSetup({ clientSecret: result.clientSecret, setupIntentId: result.setupIntentId });
    },
    onError: cardError,
  });
  const confirm = useMutation({
    mutationFn: (setupIntentId: string) => confirmMyCard(companyId, setupIntentId),
    onSuccess: (result) => {
      showToast({ type: 'success', title: result.message });
      onUpdated(result.subscription);
      setSetup(null);
    },
    onError: cardError,
  });

  if (!setup || !config.data) {
    return (
      <Box>
        <Button variant="outline" loading={start.isPending} onClick={() => start.mutate()}>
          Update card
        </Button>
      </Box>
    );
  }
  return (
    <Stack gap="3" maxW="md" aria-label="Update card" role="group">
      <Text fontSize="sm" color="gray.700">
        Your renewals are charged to this card from now on.
      </Text>
      <CardPayment
        clientSecret={setup.clientSecret}
        config={config.data}
        intent="setup"
        submitLabel={confirm.isPending ? 'Saving...' : 'Save card'}
        onPaid={(setupIntentId) => confirm.mutate(setupIntentId)}
        onFailure={(failure) => cardError(new Error(failure.message ?? 'Your card could not be saved.'))}
      />
      <Box>
        <Button variant="ghost" onClick={() => setSetup(null)}>
          Cancel
        </Button>
      </Box>
    </Stack>
  );
}

/** Test mode: the simulator's test card, sent to the server (no real card involved). */
function SimulatorUpdateCard({ companyId, onUpdated }: UpdateCardProps) {
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const save = useMutation({
    mutationFn: () => updateMyCard({ companyId, ...card }),
    onSuccess: (result) => {
      showToast({ type: 'success', title: result.message });
      onUpdated(result.subscription);
      setOpen(false);
      setCard({ cardNumber: '', expiry: '', cvc: '' });
    },
    onError: cardError,
  });

  if (!open) {
    return (
      <Box>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Update card
        </Button>
      </Box>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (e: { target: { value: string } }) => setCard({ ...card, [name]: e.target.value }),
  });
  return (
    <Stack asChild gap="3" maxW="md">
      <form noValidate aria-label="Update card" onSubmit={submit}>
        <Text fontSize="sm" color="gray.700">
          Test mode: use 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC. A renewal that failed is paid with this card
          at once.
        </Text>
        <FormField label="Card number" required>
          <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...field('cardNumber')} />
        </FormField>
        <SimpleGrid columns={2} gap="3">
          <FormField label="Expiry (MM/YY)" required>
            <Input autoComplete="cc-exp" placeholder="12/34" {...field('expiry')} />
          </FormField>
          <FormField label="CVC" required>
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...field('cvc')} />
          </FormField>
        </SimpleGrid>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            Save card
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
