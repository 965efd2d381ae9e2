import { Alert, Badge, Box, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { MySubscription } from '@limo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../lib/api';
import * as client from '../../lib/client/account';
import { queryKeys } from '../../lib/queryKeys';
import { showToast } from '../../lib/toast';
import { dollars, shortDate } from '../admin/adminApi';
import { ConfirmButton } from '../admin/ui';
import { UpdateCardForm } from './UpdateCardForm';
import { ColumnsTable } from '../../components/ColumnsTable';

/** The owner's subscription of `companyId`, or null when they have none (404). */
function useMySubscription(companyId: string) {
  return useQuery({ queryKey: queryKeys.mySubscription(companyId), queryFn: ({ signal }) => client.mySubscription(companyId, signal) });
}

const PALETTE: Record<string, string> = { active: 'green', past_due: 'orange', canceled: 'red', incomplete: 'gray' };
const cardText = (card: MySubscription['card']) =>
  card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}` : '—';

/** The dashboard's Billing tab: the subscription as Stripe's customer portal shows it, cancel or resume, and the receipts. */
export function BillingTab({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const subscription = useMySubscription(companyId);
  const action = useMutation({
    mutationFn: (kind: 'cancel' | 'resume') => client.changeMySubscription(companyId, kind),
    onSuccess: (result) => {
      showToast({ type: 'success', title: result.message });
      queryClient.setQueryData(queryKeys.mySubscription(companyId), result.subscription);
    },
    onError: (error) =>
      showToast({ type: 'error', title: 'Could not change the subscription', description: messageOf(error, 'Please try again.') }),
  });

  if (subscription.isLoading) return <Spinner aria-label="Loading billing" />;
  if (subscription.error)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to fetch billing</Alert.Title>
      </Alert.Root>
    );
  const sub = subscription.data;
  if (!sub) return <Text color="gray.700">No subscription yet. Your $75/year subscription shows here once you have paid.</Text>;
  const canCancel = sub.status === 'active' && !sub.cancelAtPeriodEnd;
  const canResume = sub.status !== 'canceled' && sub.cancelAtPeriodEnd;
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body gap="4">
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Box>
              <Heading as="h2" size="lg">
                {sub.plan.name}
              </Heading>
              <Text color="gray.700">{sub.companyName ?? ''}</Text>
            </Box>
            <Badge colorPalette={PALETTE[sub.status] ?? 'gray'} size="lg" data-testid="billing-status">
              {sub.statusLabel}
            </Badge>
          </Flex>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Box>
              <Text color="gray.600" fontSize="sm">
                Amount
              </Text>
              <Text fontWeight="semibold">{dollars(sub.amount / 100)} / year</Text>
            </Box>
            <Box>
              <Text color="gray.600" fontSize="sm">
                {sub.renewsOn ? 'Renews on' : 'Ends on'}
              </Text>
              <Text fontWeight="semibold">{shortDate(sub.renewsOn ?? sub.endsOn)}</Text>
            </Box>
            <Box>
              <Text color="gray.600" fontSize="sm">
                Card
              </Text>
              <Text fontWeight="semibold">{cardText(sub.card)}</Text>
            </Box>
          </SimpleGrid>
          <Flex gap="3">
            {canCancel && (
              <ConfirmButton
                variant="outline"
                colorPalette="red"
                loading={action.isPending}
                title="Cancel your subscription?"
                description={`It will not renew. Your listing stays active until ${shortDate(sub.renewsOn)}, the end of the year you paid for.`}
                confirmLabel="Cancel subscription"
                onConfirm={() => action.mutate('cancel')}
              >
                Cancel subscription
              </ConfirmButton>
            )}
            {canResume && (
              <ConfirmButton
                colorPalette="brand"
                loading={action.isPending}
                title="Resume your subscription?"
                description={`It renews on ${shortDate(sub.endsOn)} at ${dollars(sub.amount / 100)}.`}
                confirmLabel="Resume subscription"
                onConfirm={() => action.mutate('resume')}
              >
                Resume subscription
              </ConfirmButton>
            )}
          </Flex>
          {sub.status !== 'canceled' && (
            <UpdateCardForm
              companyId={companyId}
              onUpdated={(updated) => queryClient.setQueryData(queryKeys.mySubscription(companyId), updated)}
            />
          )}
        </Card.Body>
      </Card.Root>
      <Box>
        <Heading as="h2" size="md" mb="3">
          Receipts
        </Heading>
        {sub.invoices.length === 0 ? (
          <Text color="gray.700">No receipts yet.</Text>
        ) : (
          // Six columns do not fit a phone: the table scrolls on its own, not the page.
          <ColumnsTable striped whiteSpace="nowrap" columns={['Date', 'Receipt', 'Description', 'Amount', 'Card', 'Status']}>
            {sub.invoices.map((r) => (
              <Table.Row key={r.paymentIntentId} data-testid="receipt-row">
                <Table.Cell>{shortDate(r.paidAt)}</Table.Cell>
                <Table.Cell fontFamily="mono">{r.receiptNumber}</Table.Cell>
                <Table.Cell>{r.description}</Table.Cell>
                <Table.Cell>{dollars(r.amount / 100)}</Table.Cell>
                <Table.Cell>{cardText(r.card)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={r.status === 'paid' ? 'green' : 'orange'}>{r.status}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </ColumnsTable>
        )}
      </Box>
    </Stack>
  );
}
