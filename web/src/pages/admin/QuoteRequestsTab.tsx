import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ADMIN_QUOTES_PAGE_SIZE, formatTripDate, QUOTE_STATUSES, type QuoteStatus } from '@limo/contracts';
import { useEffect, useState } from 'react';
import { OptionSelect } from '../../components/OptionSelect';
import { Pagination } from '../home/Pagination';
import { shortDateTime, useAdminAction, useAdminQuery, useDebounced } from './adminApi';
import { AdminTable, ListState, Panel, SearchField } from './ui';
import { perform } from '../../lib/client/http';

const QUOTES = '/api/admin/quote-requests';
const STATUS_PALETTE: Record<QuoteStatus, string> = { pending: 'yellow', contacted: 'blue', completed: 'green' };
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));

/** Tab 6 (§2.9): quote requests by status and search, 20 a page; any of the three statuses can be set. */
export function QuoteRequestsTab() {
  const [status, setStatus] = useState('all');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim(), 300);
  useEffect(() => setPage(1), [search, status]);
  const quotes = useAdminQuery(QUOTES, 'Failed to fetch quote requests', {
    page,
    limit: ADMIN_QUOTES_PAGE_SIZE,
    status,
    search,
  });
  const update = useAdminAction(
    ({ id, status: next }: { id: string; status: QuoteStatus }) => perform('PUT', `${QUOTES}/${encodeURIComponent(id)}`, { status: next }),
    {
      success: { title: 'Status Updated', description: 'Quote request status updated.' },
      error: { title: 'Error updating quote status', fallback: 'Failed to update quote request status.' },
    },
    [[QUOTES]],
  );

  return (
    <Panel title="Quote Requests" description={quotes.data ? `${quotes.data.total.toLocaleString('en-US')} found` : undefined}>
      <Stack gap="4">
        <HStack gap="3" wrap="wrap" align="end">
          <Box flex="1" minW="56" maxW={{ md: 'md' }}>
            <SearchField label="Search quote requests" placeholder="Customer, company or place" value={text} onChange={setText} />
          </Box>
          <OptionSelect
            root={{ width: '48' }}
            aria-label="Filter by status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS]}
          />
        </HStack>
        <ListState isLoading={quotes.isLoading} error={quotes.error} items={quotes.data?.quoteRequests} empty="No quote requests found.">
          {(list) => (
            <>
              <AdminTable columns={['Customer', 'Company', 'Trip', 'Received', 'Status']}>
                {list.map((q) => (
                  <Table.Row key={q.id} data-testid="quote-row">
                    <Table.Cell minW="44">
                      <Text fontWeight="medium">{q.customerName}</Text>
                      <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                        {q.customerEmail}
                      </Text>
                      <Text fontSize="sm" color="gray.700" whiteSpace="nowrap">
                        {q.customerPhone}
                      </Text>
                    </Table.Cell>
                    <Table.Cell minW="36">
                      {q.companyName}
                      {q.source === 'city' && (
                        <Badge ml="1" size="sm">
                          City request
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell minW="56" fontSize="sm">
                      <Text>
                        {q.serviceType}
                        {q.vehicleType ? ` · ${q.vehicleType}` : ''}
                        {q.passengerCount ? ` · ${q.passengerCount} passengers` : ''}
                      </Text>
                      <Text color="gray.700">
                        {formatTripDate(q.tripDate, 'short')} at {q.tripTime}
                      </Text>
                      <Text color="gray.700">
                        {q.pickupLocation}
                        {q.dropoffLocation ? ` → ${q.dropoffLocation}` : ''}
                      </Text>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" fontSize="sm" data-label="Received">
                      {shortDateTime(q.createdAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="2">
                        <Badge colorPalette={STATUS_PALETTE[q.status]} display={{ base: 'none', xl: 'inline-flex' }}>
                          {capitalize(q.status)}
                        </Badge>
                        <OptionSelect
                          root={{ size: 'sm', width: '36', disabled: update.isPending }}
                          aria-label={`Status of ${q.customerName}'s request`}
                          value={q.status}
                          onChange={(e) => update.mutate({ id: q.id, status: e.target.value as QuoteStatus })}
                          options={STATUS_OPTIONS}
                        />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </AdminTable>
              {quotes.data && quotes.data.totalPages > 1 && <Pagination page={page} totalPages={quotes.data.totalPages} onPage={setPage} />}
            </>
          )}
        </ListState>
      </Stack>
    </Panel>
  );
}
