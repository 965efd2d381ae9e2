import { Badge, Flex, Table, Text } from '@chakra-ui/react';
import { dollars, shortDate, useAdminAction, useAdminQuery } from './adminApi';
import { AdminTable, ConfirmButton, ListState, Panel } from './ui';
import { cancelSubscription } from '../../lib/client/admin';
import { queryKeys } from '../../lib/queryKeys';

const STATUS_PALETTE: Record<string, string> = { active: 'green', past_due: 'orange', canceled: 'red', incomplete: 'gray' };
const KEY = '/api/admin/subscriptions';

/** Tab 4 (§2.9): every subscription with its company, payer, amount, status and renewal; cancel now or at the period end. */
export function SubscriptionsTab() {
  const subscriptions = useAdminQuery(KEY, 'Failed to fetch subscriptions');
  const cancel = useAdminAction(
    ({ id, atPeriodEnd }: { id: string; atPeriodEnd: boolean }) => cancelSubscription(id, atPeriodEnd),
    { success: (r) => ({ title: r.message }), error: { title: 'Cancel failed', fallback: 'Failed to cancel the subscription' } },
    [queryKeys.admin(KEY), queryKeys.admin('/api/admin/payments'), queryKeys.admin('/api/admin/stats')],
  );
  const list = subscriptions.data ?? [];
  const paid = list.filter((s) => s.status === 'active').length;
  return (
    <Panel title="Subscriptions" description={subscriptions.data ? `${list.length} subscriptions, ${paid} active` : undefined}>
      <ListState isLoading={subscriptions.isLoading} error={subscriptions.error} items={list} empty="No subscriptions yet.">
        {(rows) => (
          <AdminTable columns={['Company', 'Payer', 'Amount', 'Status', 'Renews / ends', 'Actions']}>
            {rows.map((s) => (
              <Table.Row key={s.subscriptionId} data-testid="subscription-row">
                <Table.Cell fontWeight="medium">{s.companyName ?? '—'}</Table.Cell>
                <Table.Cell data-label="Payer">{s.email ?? '—'}</Table.Cell>
                <Table.Cell data-label="Amount">{dollars(s.amount / 100)}/year</Table.Cell>
                <Table.Cell data-label="Status">
                  <Badge colorPalette={STATUS_PALETTE[s.status] ?? 'gray'}>
                    {s.status.replace(/_/g, ' ')}
                    {s.cancelAtPeriodEnd && s.status !== 'canceled' ? ' · cancels at period end' : ''}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" data-label="Renews / ends">
                  {shortDate(s.status === 'canceled' ? s.canceledAt : s.currentPeriodEnd)}
                </Table.Cell>
                <Table.Cell data-label="Actions">
                  {s.status === 'canceled' ? (
                    <Text color="gray.600">—</Text>
                  ) : (
                    <Flex gap="2" wrap="wrap">
                      {s.status === 'active' && !s.cancelAtPeriodEnd && (
                        <ConfirmButton
                          size="xs"
                          variant="outline"
                          title="Cancel at the period's end?"
                          description={`It will not renew; the listing stays active until ${shortDate(s.currentPeriodEnd)}. The owner is mailed.`}
                          confirmLabel="Cancel at period end"
                          onConfirm={() => cancel.mutate({ id: s.subscriptionId, atPeriodEnd: true })}
                        >
                          Cancel at period end
                        </ConfirmButton>
                      )}
                      <ConfirmButton
                        size="xs"
                        colorPalette="red"
                        title="Cancel now?"
                        description="The subscription ends at once and the listing loses its paid features. Nothing is refunded (use Payments to refund)."
                        confirmLabel="Cancel now"
                        onConfirm={() => cancel.mutate({ id: s.subscriptionId, atPeriodEnd: false })}
                      >
                        Cancel now
                      </ConfirmButton>
                    </Flex>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </ListState>
    </Panel>
  );
}
