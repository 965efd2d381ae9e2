import { Badge, Button, HStack, Input, Table, Text } from '@chakra-ui/react';
import { ADMIN_PAYMENTS_PAGE_SIZE } from '@limo/contracts';
import { useState } from 'react';
import { dollars, shortDateTime, useAdminAction, useAdminQuery, useDebounced } from './adminApi';
import { AdminTable, ConfirmButton, Empty, Panel, QueryState } from './ui';
import { refundPayment } from '../../lib/client/admin';
import { OptionSelect } from '../../components/OptionSelect';
import { queryKeys } from '../../lib/queryKeys';

const KEY = '/api/admin/payments';
const STATUS_PALETTE: Record<string, string> = { succeeded: 'green', refunded: 'orange', failed: 'red', open: 'gray' };
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'failed', label: 'Failed' },
  { value: 'open', label: 'Open' },
];

/**
 * The payments ledger: every charge with its payer, company, claim or listing and refund; refund behind
 * a confirmation. Filtered, searched and paged by the server, 50 a page.
 */
export function PaymentsTab() {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const payments = useAdminQuery(KEY, 'Failed to fetch payments', { status, q, page: page > 1 ? page : undefined });
  const refund = useAdminAction(
    (id: string) => refundPayment(id),
    { success: (r) => ({ title: r.message }), error: { title: 'Refund failed', fallback: 'Failed to refund the payment' } },
    [queryKeys.admin(KEY), queryKeys.admin('/api/admin/subscriptions'), queryKeys.admin('/api/admin/stats')],
  );
  const list = payments.data ?? [];
  return (
    <Panel title="Payments" description="Every payment, newest first">
      <HStack mb="4" gap="3" wrap="wrap">
        <Input
          maxW="sm"
          placeholder="Search payer e-mail or company"
          aria-label="Search payments"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <OptionSelect
          root={{ maxW: '48' }}
          aria-label="Payment status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          options={STATUS_OPTIONS}
        />
      </HStack>
      <QueryState isLoading={payments.isLoading} error={payments.error}>
        {list.length === 0 ? (
          <Empty>No payments match.</Empty>
        ) : (
          <AdminTable columns={['Date', 'Payer', 'Company', 'For', 'Amount', 'Status', 'Actions']}>
            {list.map((p) => (
              <Table.Row key={p.id} data-testid="payment-row">
                <Table.Cell whiteSpace="nowrap">{shortDateTime(p.succeededAt ?? p.createdAt)}</Table.Cell>
                <Table.Cell data-label="Payer">{p.payerEmail ?? '—'}</Table.Cell>
                <Table.Cell data-label="Company">{p.companyName ?? '—'}</Table.Cell>
                <Table.Cell data-label="For">
                  {p.claim
                    ? `Claim (${p.claim.status})`
                    : p.listing
                      ? `Listing (${p.listing.status})`
                      : p.upgrade
                        ? 'Upgrade of its free listing'
                        : p.status === 'succeeded'
                          ? 'Nothing yet'
                          : '—'}
                </Table.Cell>
                <Table.Cell data-label="Amount">{dollars(p.amount / 100)}</Table.Cell>
                <Table.Cell data-label="Status">
                  <Badge colorPalette={STATUS_PALETTE[p.status] ?? 'gray'}>{p.status}</Badge>
                  {p.lastError && (
                    <Text fontSize="xs" color="red.700">
                      {p.lastError}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell data-label="Actions">
                  {p.status === 'succeeded' ? (
                    <ConfirmButton
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      title="Refund this payment?"
                      description={`${dollars(p.amount / 100)} goes back to ${p.payerEmail ?? 'the payer'} and the subscription ends at once.`}
                      confirmLabel="Refund"
                      onConfirm={() => refund.mutate(p.id)}
                    >
                      Refund
                    </ConfirmButton>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
        {(page > 1 || list.length === ADMIN_PAYMENTS_PAGE_SIZE) && (
          <HStack as="nav" aria-label="Payments pages" justify="center" mt="4">
            <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text fontSize="sm">Page {page}</Text>
            <Button size="sm" variant="outline" disabled={list.length < ADMIN_PAYMENTS_PAGE_SIZE} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </HStack>
        )}
      </QueryState>
    </Panel>
  );
}
