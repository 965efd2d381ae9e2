import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { QueryKey } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminAnswer } from '../../lib/client/admin';
import { perform } from '../../lib/client/http';
import { useAdminAction, useAdminQuery, type ActionToasts } from './adminApi';
import { ConfirmButton, ListState, Panel } from './ui';

/**
 * The decisions of an admin review queue: POST `{base}/{id}/approve` and `{base}/{id}/reject`
 * (with `{ reason }` when one is given), each with its toasts, then the lists they affect are
 * fetched again.
 */
export function useReviewDecisions(
  base: string,
  toasts: { approve: ActionToasts<unknown>; reject: ActionToasts<unknown> },
  affects: QueryKey[],
) {
  const url = (id: string, decision: 'approve' | 'reject') => `${base}/${encodeURIComponent(id)}/${decision}`;
  const approve = useAdminAction((id: string) => perform('POST', url(id, 'approve'), {}), toasts.approve, affects);
  const reject = useAdminAction(
    ({ id, reason }: { id: string; reason?: string }) => perform('POST', url(id, 'reject'), reason === undefined ? {} : { reason }),
    toasts.reject,
    affects,
  );
  return {
    approve: (id: string) => approve.mutate(id),
    reject: (id: string, reason?: string) => reject.mutate({ id, reason }),
    busy: approve.isPending || reject.isPending,
  };
}

export interface ReviewButtonsProps {
  /** A decision is under way: both buttons wait. */
  busy: boolean;
  approve: { label: string; disabled?: boolean; onClick(): void };
  /** Reject asks first (§2.9), for a reason when `reason` is given. */
  reject: {
    label: string;
    title: string;
    description?: ReactNode;
    reason?: { label: string; missing: string };
    confirmLabel: string;
    onConfirm(reason: string): void;
  };
}

/** Approve, and Reject that asks first: the two buttons of every item an admin reviews. */
export function ReviewButtons({ busy, approve, reject }: ReviewButtonsProps) {
  return (
    <HStack gap="2">
      <Button
        size="xs"
        colorPalette="brand"
        disabled={busy || approve.disabled === true}
        onClick={approve.onClick}
        aria-label={approve.label}
      >
        <Check aria-hidden="true" /> Approve
      </Button>
      <ConfirmButton
        size="xs"
        variant="outline"
        colorPalette="red"
        disabled={busy}
        aria-label={reject.label}
        title={reject.title}
        description={reject.description}
        reason={reject.reason}
        confirmLabel={reject.confirmLabel}
        onConfirm={reject.onConfirm}
      >
        <X aria-hidden="true" /> Reject
      </ConfirmButton>
    </HStack>
  );
}

/** The admin queues of companies waiting for a check. */
type QueuePath = '/api/admin/credential-verifications' | '/api/admin/listing-verifications';
/** One company waiting in the queue at `P`. */
type Waiting<P extends QueuePath> = AdminAnswer<P>[number];

export interface ReviewQueueProps<P extends QueuePath> {
  /** The queue's URL: GET lists it, `{url}/{companyId}/approve|reject` decide. */
  url: P;
  /** The error shown when the list fails (§8: "Failed to fetch ..."). */
  failure: string;
  /** The other lists a decision changes. */
  affects: QueryKey[];
  toasts: { approve: ActionToasts<unknown>; reject: ActionToasts<unknown> };
  title: string;
  description: string;
  /** Said when nothing waits. */
  empty: string;
  /** Each item's test id. */
  testId: string;
  badge(item: Waiting<P>): ReactNode;
  details(item: Waiting<P>): ReactNode;
  labels: { approve(name: string): string; reject(name: string): string; rejectTitle(name: string): string; confirm: string };
}

/** An admin queue of companies waiting for a check, oldest first: approve, or reject with a reason the owner is told. */
export function ReviewQueue<P extends QueuePath>(props: ReviewQueueProps<P>) {
  const { url, labels } = props;
  const queue = useAdminQuery(url, props.failure);
  const decide = useReviewDecisions(url, props.toasts, [[url], ...props.affects]);
  return (
    <Panel title={props.title} description={props.description}>
      <ListState<Waiting<P>> isLoading={queue.isLoading} error={queue.error} items={queue.data} empty={props.empty}>
        {(waiting) => (
          <Stack as="ul" gap="3" listStyleType="none">
            {waiting.map((v) => (
              <Box as="li" key={v.companyId} borderWidth="1px" rounded="md" p="4" data-testid={props.testId}>
                <HStack justify="space-between" align="start" wrap="wrap" gap="3">
                  <Box>
                    <HStack gap="2">
                      <Text fontWeight="semibold">{v.companyName}</Text>
                      {props.badge(v)}
                    </HStack>
                    {props.details(v)}
                  </Box>
                  <ReviewButtons
                    busy={decide.busy}
                    approve={{ label: labels.approve(v.companyName), onClick: () => decide.approve(v.companyId) }}
                    reject={{
                      label: labels.reject(v.companyName),
                      title: labels.rejectTitle(v.companyName),
                      // Required: the owner is told it.
                      reason: { label: 'Reason (sent to the owner)', missing: 'Please give a reason' },
                      confirmLabel: labels.confirm,
                      onConfirm: (reason) => decide.reject(v.companyId, reason),
                    }}
                  />
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </ListState>
    </Panel>
  );
}
