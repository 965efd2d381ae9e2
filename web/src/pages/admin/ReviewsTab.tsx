import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdminReview } from '@limo/contracts';
import { Check, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { StarRating } from '../../components/StarRating';
import { Pagination } from '../home/Pagination';
import { shortDate, useAdminAction, useAdminQuery } from './adminApi';
import { ConfirmButton, Empty, Panel, QueryState } from './ui';

const PENDING = '/api/admin/pending-reviews';
const ALL = '/api/admin/all-reviews';
/** The all-reviews list shows this many at a time. */
export const REVIEWS_PAGE_SIZE = 20;
const STATUS_PALETTE: Record<string, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

function useReviewActions() {
  // A decision changes the company's rating and review count, shown on its page and in the lists.
  const affects = [[PENDING], [ALL], ['/api/companies'], ['/api/admin/companies']];
  const review = (id: string, action: string) => `/api/admin/reviews/${encodeURIComponent(id)}${action}`;
  return {
    approve: useAdminAction(
      (id: string) => ({ method: 'POST', url: review(id, '/approve'), body: {} }),
      { success: { title: 'Review approved successfully!' }, error: { title: 'Error approving review', fallback: 'Please try again' } },
      affects,
    ),
    reject: useAdminAction(
      (id: string) => ({ method: 'POST', url: review(id, '/reject'), body: {} }),
      { success: { title: 'Review rejected successfully!' }, error: { title: 'Error rejecting review', fallback: 'Please try again' } },
      affects,
    ),
    remove: useAdminAction(
      (id: string) => ({ method: 'DELETE', url: review(id, '') }),
      { success: { title: 'Review deleted successfully!' }, error: { title: 'Error deleting review', fallback: 'Please try again' } },
      affects,
    ),
  };
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
  const busy = actions.approve.isPending || actions.reject.isPending || actions.remove.isPending;
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
        </Box>
        <HStack gap="2">
          {moderate && review.status === 'pending' && (
            <>
              <Button
                size="xs"
                colorPalette="brand"
                disabled={busy}
                onClick={() => actions.approve.mutate(review.id)}
                aria-label={`Approve ${who}'s review of ${review.companyName ?? 'the company'}`}
              >
                <Check aria-hidden="true" /> Approve
              </Button>
              <Button
                size="xs"
                variant="outline"
                disabled={busy}
                onClick={() => actions.reject.mutate(review.id)}
                aria-label={`Reject ${who}'s review of ${review.companyName ?? 'the company'}`}
              >
                <X aria-hidden="true" /> Reject
              </Button>
            </>
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

/** Tab 3 (§2.9, §4): pending reviews to approve or reject, and every review, any of which can be deleted. */
export function ReviewsTab() {
  const pending = useAdminQuery<AdminReview[]>(PENDING, 'Failed to fetch pending reviews');
  const all = useAdminQuery<AdminReview[]>(ALL, 'Failed to fetch all reviews');
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
        <QueryState isLoading={pending.isLoading} error={pending.error}>
          {pending.data?.length ? (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Pending reviews">
              {pending.data.map((r) => (
                <ReviewItem key={r.id} review={r} actions={actions} moderate />
              ))}
            </Stack>
          ) : (
            <Empty>No reviews waiting for moderation.</Empty>
          )}
        </QueryState>
      </Panel>
      <Panel title={`All Reviews${all.data ? ` (${all.data.length})` : ''}`}>
        <QueryState isLoading={all.isLoading} error={all.error}>
          {all.data?.length ? (
            <>
              <Stack as="ul" gap="3" listStyleType="none" aria-label="All reviews">
                {all.data.slice((shownPage - 1) * REVIEWS_PAGE_SIZE, shownPage * REVIEWS_PAGE_SIZE).map((r) => (
                  <ReviewItem key={r.id} review={r} actions={actions} moderate={false} />
                ))}
              </Stack>
              {totalPages > 1 && <Pagination page={shownPage} totalPages={totalPages} onPage={setPage} />}
            </>
          ) : (
            <Empty>No reviews yet.</Empty>
          )}
        </QueryState>
      </Panel>
    </Stack>
  );
}
