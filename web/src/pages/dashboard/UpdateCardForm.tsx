import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MySubscription, MySubscriptionActionResponse } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { apiRequest, messageOf, readJson } from '../../lib/api';
import { usePaymentsConfig } from '../../lib/payments';
import { showToast } from '../../lib/toast';

/**
 * The Billing tab's "Update card": the card the renewals charge from now on; a past-due renewal is paid
 * with it. Online only in test mode (the simulator's 4242 card); with Stripe the owner writes to support.
 */
export function UpdateCardForm({ companyId, onUpdated }: { companyId: string; onUpdated(subscription: MySubscription): void }) {
  const config = usePaymentsConfig();
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const save = useMutation({
    mutationFn: async () =>
      (await readJson<MySubscriptionActionResponse>(await apiRequest('POST', '/api/my-subscription/card', { companyId, ...card })))!,
    onSuccess: (result) => {
      showToast({ type: 'success', title: result.message });
      onUpdated(result.subscription);
      setOpen(false);
      setCard({ cardNumber: '', expiry: '', cvc: '' });
    },
    onError: (error) =>
      showToast({ type: 'error', title: 'Could not update the card', description: messageOf(error, 'Please try again.') }),
  });

  if (config.data?.provider !== 'simulator') {
    return config.data ? (
      <Text fontSize="sm" color="gray.700">
        To change the card your renewals are charged to, write to support.
      </Text>
    ) : null;
  }
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
