import { Badge, Box, Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { AbuseSignal, AdminReview } from '@limo/contracts';
import { Check, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { OptionSelect } from '../../components/OptionSelect';
import { StarRating } from '../../components/StarRating';
import { Pagination } from '../home/Pagination';
import { shortDate, useAdminAction, useAdminQuery, tryAgainToasts, COMPANY_LISTS } from './adminApi';
import { ConfirmButton, ListState, Panel } from './ui';
import { perform } from '../../lib/client/http';
import { queryKeys } from '../../lib/queryKeys';

const PENDING = '/api/admin/pending-reviews';
const ALL = '/api/admin/all-reviews';
/** The all-reviews list shows this many at a time. */
const REVIEWS_PAGE_SIZE = 20;
const STATUS_PALETTE: Record<string, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };
/** What each abuse signal means to a moderator. */
const SIGNAL_LABELS: Record<AbuseSignal, string> = {
  'same-address': 'Same address as another review',
  'same-device': 'Same device as another review',
  burst: 'Burst of reviews',
  'short-text': 'Very short text',
  'competitor-reviewer': 'Also reviewed a competitor',
};

function useReviewActions() {
  // A decision changes the company's rating and review count, shown on its page and in the lists.
  const affects = [queryKeys.admin(PENDING), queryKeys.admin(ALL), ...COMPANY_LISTS];
  const review = (id: string, action: string) => `/api/admin/reviews/${encodeURIComponent(id)}${action}`;
  return {
    approve: useAdminAction(
      (id: string) => perform('POST', review(id, '/approve'), {}),
      tryAgainToasts('Review approved successfully!', 'Error approving review'),
      affects,
    ),
    reject: useAdminAction(
      (id: string) => perform('POST', review(id, '/reject'), {}),
      tryAgainToasts('Review rejected successfully!', 'Error rejecting review'),
      affects,
    ),
    approveReply: useAdminAction(
      (id: string) => perform('POST', review(id, '/reply/approve'), {}),
      tryAgainToasts('Reply approved successfully!', 'Error approving reply'),
      affects,
    ),
    rejectReply: useAdminAction(
      (id: string) => perform('POST', review(id, '/reply/reject'), {}),
      tryAgainToasts('Reply rejected successfully!', 'Error rejecting reply'),
      affects,
    ),
    remove: useAdminAction(
      (id: string) => perform('DELETE', review(id, '')),
      tryAgainToasts('Review deleted successfully!', 'Error deleting review'),
      affects,
    ),
  };
}

/** Approve and Reject, side by side: of a pending review, and of an owner's pending reply (`what` " reply"). */
function DecisionButtons({
  busy,
  what = '',
  label,
  onApprove,
  onReject,
}: {
  busy: boolean;
  what?: string;
  /** The buttons' accessible names, from their verb ("Approve", "Reject"), where their text alone is not enough. */
  label?: (verb: 'Approve' | 'Reject') => string;
  onApprove(): void;
  onReject(): void;
}) {
  return (
    <>
      <Button size="xs" colorPalette="brand" disabled={busy} onClick={onApprove} aria-label={label?.('Approve')}>
        <Check aria-hidden="true" /> Approve{what}
      </Button>
      <Button size="xs" variant="outline" disabled={busy} onClick={onReject} aria-label={label?.('Reject')}>
        <X aria-hidden="true" /> Reject{what}
      </Button>
    </>
  );
}

function ReviewItem({
  review,
  actions,
  moderate,
}: {
  review: AdminReview;
  actions: ReturnType<typeof useReviewActions>;
  moderate: boolean;
}) {
  const busy = [actions.approve, actions.reject, actions.remove, actions.approveReply, actions.rejectReply].some((a) => a.isPending);
  const who = review.reviewerName || 'Anonymous';
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" data-testid="review-item">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{review.companyName ?? 'Deleted company'}</Text>
            <Badge colorPalette={STATUS_PALETTE[review.status] ?? 'gray'} textTransform="capitalize">
              {review.status}
            </Badge>
          </HStack>
          <HStack gap="2" mt="1" fontSize="sm" color="gray.700">
            <StarRating rating={review.rating} />
            <Text>
              {who} · {shortDate(review.createdAt)}
            </Text>
          </HStack>
          <Text mt="2" color={review.comment ? 'gray.800' : 'gray.600'} overflowWrap="anywhere">
            {review.comment || 'No comment.'}
          </Text>
          {(review.verifiedCustomer || review.abuseSignals.length > 0) && (
            <HStack gap="1" mt="2" wrap="wrap" aria-label="Abuse signals">
              {review.verifiedCustomer && <Badge colorPalette="green">Verified customer</Badge>}
              {review.abuseSignals.map((s) => (
                <Badge key={s} colorPalette="orange" variant="outline">
                  {SIGNAL_LABELS[s]}
                </Badge>
              ))}
            </HStack>
          )}
          {review.flags.map((f, i) => (
            <Text key={i} mt="1" fontSize="sm" color="red.700">
              Flagged by {f.flaggedBy ?? 'the owner'} · {shortDate(f.createdAt)}: {f.reason}
            </Text>
          ))}
          {review.ownerReply && (
            <Box mt="2" ps="3" borderStartWidth="3px" borderColor="brand.200" data-testid="admin-owner-reply">
              <HStack gap="2">
                <Text fontSize="sm" fontWeight="semibold">
                  Owner reply
                </Text>
                <Badge colorPalette={STATUS_PALETTE[review.ownerReply.status] ?? 'gray'}>{review.ownerReply.status}</Badge>
              </HStack>
              <Text fontSize="sm">{review.ownerReply.text}</Text>
              {review.ownerReply.status === 'pending' && (
                <HStack gap="2" mt="1">
                  <DecisionButtons
                    what=" reply"
                    busy={busy}
                    onApprove={() => actions.approveReply.mutate(review.id)}
                    onReject={() => actions.rejectReply.mutate(review.id)}
                  />
                </HStack>
              )}
            </Box>
          )}
        </Box>
        <HStack gap="2">
          {moderate && review.status === 'pending' && (
            <DecisionButtons
              busy={busy}
              label={(verb) => `${verb} ${who}'s review of ${review.companyName ?? 'the company'}`}
              onApprove={() => actions.approve.mutate(review.id)}
              onReject={() => actions.reject.mutate(review.id)}
            />
          )}
          <ConfirmButton
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            aria-label={`Delete ${who}'s review of ${review.companyName ?? 'the company'}`}
            title="Delete this review?"
            description="The review is removed for good and no longer counts in the company's rating."
            confirmLabel="Delete Review"
            onConfirm={() => actions.remove.mutate(review.id)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </ConfirmButton>
        </HStack>
      </HStack>
    </Box>
  );
}

/** The All Reviews filters: an abuse signal, flagged only, replies waiting, free text. */
function ReviewFilters({ filters, onChange }: { filters: Record<string, string>; onChange: (next: Record<string, string>) => void }) {
  const set = (key: string, value: string) => {
    const next = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  return (
    <HStack gap="3" wrap="wrap" mb="3">
      <Input
        size="sm"
        maxW="64"
        aria-label="Search reviews"
        placeholder="Search name, text, company"
        value={filters.q ?? ''}
        onChange={(e) => set('q', e.target.value)}
      />
      <OptionSelect
        root={{ size: 'sm', maxW: '64' }}
        aria-label="Abuse signal"
        value={filters.signal ?? ''}
        onChange={(e) => set('signal', e.target.value)}
        options={[
          { value: '', label: 'Any review' },
          { value: 'any', label: 'Any abuse signal' },
          ...Object.entries(SIGNAL_LABELS).map(([value, label]) => ({ value, label })),
        ]}
      />
      {(
        [
          ['flagged', 'Flagged by owner'],
          ['pendingReply', 'Replies awaiting approval'],
          ['verifiedCustomer', 'Verified customers'],
        ] as const
      ).map(([key, label]) => (
        <Checkbox.Root
          key={key}
          size="sm"
          checked={filters[key] === 'true'}
          onCheckedChange={(e) => set(key, e.checked === true ? 'true' : '')}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </HStack>
  );
}

/**
 * Tab 3 (§2.9, §4): pending reviews to approve or reject, and every review, any of which can be
 * deleted; owners' replies to approve or reject, owners' flags and abuse signals, with filters.
 */
export function ReviewsTab() {
  const pending = useAdminQuery(PENDING, 'Failed to fetch pending reviews');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const all = useAdminQuery(ALL, 'Failed to fetch all reviews', Object.keys(filters).length ? filters : undefined);
  const actions = useReviewActions();
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil((all.data?.length ?? 0) / REVIEWS_PAGE_SIZE));
  const shownPage = Math.min(page, totalPages);
  return (
    <Stack gap="6">
      <Panel
        title={`Pending Reviews${pending.data ? ` (${pending.data.length})` : ''}`}
        description="Reviews show publicly and count in ratings once approved."
      >
        <ListState isLoading={pending.isLoading} error={pending.error} items={pending.data} empty="No reviews waiting for moderation.">
          {(reviews) => (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Pending reviews">
              {reviews.map((r) => (
                <ReviewItem key={r.id} review={r} actions={actions} moderate />
              ))}
            </Stack>
          )}
        </ListState>
      </Panel>
      <Panel title={`All Reviews${all.data ? ` (${all.data.length})` : ''}`}>
        <ReviewFilters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <ListState isLoading={all.isLoading} error={all.error} items={all.data} empty="No reviews yet.">
          {(reviews) => (
            <>
              <Stack as="ul" gap="3" listStyleType="none" aria-label="All reviews">
                {reviews.slice((shownPage - 1) * REVIEWS_PAGE_SIZE, shownPage * REVIEWS_PAGE_SIZE).map((r) => (
                  <ReviewItem key={r.id} review={r} actions={actions} moderate={false} />
                ))}
              </Stack>
              {totalPages > 1 && <Pagination page={shownPage} totalPages={totalPages} onPage={setPage} />}
            </>
          )}
        </ListState>
      </Panel>
    </Stack>
  );
}
