import { Badge, Table, Text } from '@chakra-ui/react';
import type { Subscriber } from '@limo/contracts';
import { shortDate, useAdminQuery } from './adminApi';
import { Empty, Panel, QueryState, stackOnMobile } from './ui';

const STATUS_PALETTE: Record<string, string> = { active: 'green', past_due: 'orange', canceled: 'red', cancelled: 'red', inactive: 'gray' };

/** Tab 4 (§2.9): the subscribers; `active` counts as paid (§3). */
export function SubscriptionsTab() {
  const subscribers = useAdminQuery<Subscriber[]>('/api/admin/subscribers', 'Failed to fetch subscribers');
  const list = subscribers.data ?? [];
  const paid = list.filter((s) => s.subscription_status === 'active').length;
  return (
    <Panel
      title="Subscribers"
      description={subscribers.data ? `${list.length} business accounts, ${paid} with an active subscription` : undefined}
    >
      <QueryState isLoading={subscribers.isLoading} error={subscribers.error}>
        {list.length === 0 ? (
          <Empty>No business accounts yet.</Empty>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" striped css={stackOnMobile}>
              <Table.Header>
                <Table.Row>
                  {['Username', 'Email', 'Status', 'Renews / ends', 'Joined', 'Customer ID'].map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((s) => (
                  <Table.Row key={s.id} data-testid="subscriber-row">
                    <Table.Cell fontWeight="medium">{s.username}</Table.Cell>
                    <Table.Cell>{s.email}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[s.subscription_status] ?? 'gray'}>
                        {s.subscription_status.replace(/_/g, ' ')}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" data-label="Renews / ends">
                      {shortDate(s.subscription_end_date)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" data-label="Joined">
                      {shortDate(s.created_at)}
                    </Table.Cell>
                    <Table.Cell data-label="Customer ID">
                      <Text as="span" fontFamily="mono" fontSize="xs">
                        {s.stripe_customer_id ?? '—'}
                      </Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </QueryState>
    </Panel>
  );
}
