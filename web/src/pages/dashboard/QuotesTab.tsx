import { Badge, Box, Button, Card, Dialog, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatTripDate, OWNER_QUOTES_PAGE_SIZE, type QuoteRequest } from '@limo/contracts';
import { CheckCheck, Eye, MailCheck, Phone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { Pagination } from '../home/Pagination';
import { formatDate, formatMinutes, useOwnerQuotes, useQuoteMutations, useQuoteSummary } from './data';
import { DialogContent } from '../../components/DialogContent';

/** The lead's state: delivered to the mailbox, viewed in the dashboard, contacted. */
function LeadState({ quote }: { quote: QuoteRequest }) {
  const steps = [
    { at: quote.deliveredAt, label: 'Delivered', icon: MailCheck },
    { at: quote.firstViewedAt, label: 'Viewed', icon: Eye },
    { at: quote.contactedAt, label: 'Contacted', icon: CheckCheck },
  ];
  return (
    <HStack gap="1.5" wrap="wrap" aria-label="Lead state">
      {steps.map((s) => (
        <Badge
          key={s.label}
          colorPalette={s.at ? 'green' : 'gray'}
          variant={s.at ? 'subtle' : 'outline'}
          title={s.at ? `${s.label} ${formatDate(s.at)}` : `Not ${s.label.toLowerCase()} yet`}
        >
          <s.icon size={12} aria-hidden="true" /> {s.label}
          {s.at ? '' : ' —'}
        </Badge>
      ))}
    </HStack>
  );
}

const STATUS_COLOR: Record<string, string> = { pending: 'orange', contacted: 'blue', completed: 'green' };

function QuoteCard({ quote, onContacted, onDelete, busy }: { quote: QuoteRequest; onContacted(): void; onDelete(): void; busy: boolean }) {
  const details: Array<[string, string | null | undefined]> = [
    ['Service', quote.serviceType],
    ['Vehicle', quote.vehicleType],
    ['Passengers', quote.passengerCount],
    ['Trip', [formatTripDate(quote.tripDate), quote.tripTime].filter(Boolean).join(' at ')],
    ['Pickup', quote.pickupLocation],
    ['Dropoff', quote.dropoffLocation],
  ];
  return (
    <Card.Root as="article" aria-label={`Quote from ${quote.customerName}`} data-testid="quote-card">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="start">
          <Box>
            <Heading as="h4" size="md">
              {quote.customerName}
            </Heading>
            <Text fontSize="sm" color="gray.700">
              Received {formatDate(quote.createdAt)}
              {quote.source === 'city' ? ' · city-wide request' : ''}
            </Text>
          </Box>
          <Badge colorPalette={STATUS_COLOR[quote.status] ?? 'gray'} textTransform="capitalize" data-testid="quote-status">
            {quote.status}
          </Badge>
        </Flex>
        <LeadState quote={quote} />
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="2" fontSize="sm">
          {details
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <Box key={k}>
                <Text as="dt" color="gray.600">
                  {k}
                </Text>
                <Text as="dd">{v}</Text>
              </Box>
            ))}
        </Box>
        {quote.specialRequests && (
          <Text fontSize="sm" color="gray.700">
            <strong>Special requests:</strong> {quote.specialRequests}
          </Text>
        )}
        <HStack gap="4" fontSize="sm" wrap="wrap">
          <a href={`mailto:${quote.customerEmail}`}>{quote.customerEmail}</a>
          <a href={`tel:${quote.customerPhone.replace(/[^\d+]/g, '')}`}>
            <Phone size={12} aria-hidden="true" style={{ display: 'inline' }} /> {quote.customerPhone}
          </a>
        </HStack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="brand" disabled={quote.status !== 'pending' || busy} onClick={onContacted}>
          <CheckCheck aria-hidden="true" /> {quote.status === 'pending' ? 'Mark Contacted' : 'Contacted'}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** Quotes tab (owner-admin §2.10) of the company picked in the dashboard: 15 a page, newest first; mark contacted or delete. */
export function QuotesTab({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const quotes = useOwnerQuotes(companyId, page);
  const summary = useQuoteSummary(companyId);
  const { markContacted, remove } = useQuoteMutations();
  const [toDelete, setToDelete] = useState<QuoteRequest>();
  const total = quotes.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / OWNER_QUOTES_PAGE_SIZE));
  const responseTime = summary.data?.responseTime;

  const contacted = (id: string) =>
    markContacted.mutate(id, {
      onSuccess: () => showToast({ title: 'Quote status updated successfully!' }),
      onError: (error) =>
        showToast({ title: 'Error updating quote status', description: messageOf(error, 'Please try again'), type: 'error' }),
    });
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => showToast({ title: 'Quote deleted successfully!' }),
      onError: (error) => showToast({ title: 'Error deleting quote', description: messageOf(error, 'Please try again'), type: 'error' }),
      onSettled: () => setToDelete(undefined),
    });
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" wrap="wrap" gap="2" align="end">
        <Box>
          <Heading as="h3" size="lg">
            Quote Requests
          </Heading>
          <Text color="gray.700" fontSize="sm" data-testid="quotes-total">
            {total} {total === 1 ? 'request' : 'requests'}, newest first
          </Text>
        </Box>
        <Text fontSize="sm" color="gray.700" data-testid="response-time">
          Your median response time: <strong>{responseTime ? formatMinutes(responseTime.medianMinutes) : 'not measured yet'}</strong>
        </Text>
      </Flex>
      {quotes.isPending && <Skeleton h="40" />}
      {quotes.isError && <Text color="red.700">Quote requests could not be loaded. Please refresh the page.</Text>}
      {quotes.data && quotes.data.quotes.length === 0 && (
        <Card.Root>
          <Card.Body textAlign="center" color="gray.700">
            No quote requests yet. Customers' requests will appear here and in your inbox.
          </Card.Body>
        </Card.Root>
      )}
      {quotes.data?.quotes.map((q) => (
        <QuoteCard
          key={q.id}
          quote={q}
          busy={(markContacted.isPending && markContacted.variables === q.id) || (remove.isPending && remove.variables === q.id)}
          onContacted={() => contacted(q.id)}
          onDelete={() => setToDelete(q)}
        />
      ))}
      {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} />}

      <Dialog.Root open={Boolean(toDelete)} onOpenChange={(e) => !e.open && setToDelete(undefined)} role="alertdialog">
        <DialogContent closable={false}>
          <Dialog.Header>
            <Dialog.Title>Delete this quote request?</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Text>The request from {toDelete?.customerName} will be removed for good.</Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={() => setToDelete(undefined)}>
              Cancel
            </Button>
            <Button colorPalette="red" onClick={confirmDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </Dialog.Footer>
        </DialogContent>
      </Dialog.Root>
    </Stack>
  );
}
