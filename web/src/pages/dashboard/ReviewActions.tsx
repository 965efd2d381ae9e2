import { Badge, Box, Button, HStack, Input, Stack, Text, Textarea, type ButtonProps } from '@chakra-ui/react';
import type { OwnerReview } from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { reviewAction, type ReviewAction } from '../../lib/client/account';
import { showToast } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

const REPLY_STATUS: Record<string, { label: string; palette: string }> = {
  pending: { label: 'Reply awaiting approval', palette: 'orange' },
  approved: { label: 'Reply published', palette: 'green' },
  rejected: { label: 'Reply rejected', palette: 'red' },
};

/** The owner's reply (write once, edit, delete) and flag on one review of their company. */
export function ReviewActions({ companyId, review }: { companyId: string; review: OwnerReview }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.ownerReply?.text ?? '');
  const [flagging, setFlagging] = useState(false);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: (req: ReviewAction & { done: string }) => reviewAction(review.id, req),
    onSuccess: (_res, req) => {
      showToast({ title: req.done });
      setEditing(false);
      setFlagging(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.detail(companyId) });
    },
    onError: (error) => showToast({ title: 'Something went wrong', description: messageOf(error, error.message), type: 'error' }),
  });
  /** A small button that sends `request` (its toast says `request.done`); every one waits while an action is under way. */
  const sendButton = (label: string, style: ButtonProps, request: ReviewAction & { done: string }) => (
    <Button size="xs" {...style} disabled={act.isPending} onClick={() => act.mutate(request)}>
      {label}
    </Button>
  );
  const reply = review.ownerReply;
  const status = reply ? REPLY_STATUS[reply.status] : undefined;
  return (
    <Stack gap="2" mt="2">
      {reply && !editing && (
        <Box ps="3" borderStartWidth="3px" borderColor="brand.200" data-testid="owner-reply">
          <HStack gap="2">
            <Text fontSize="sm" fontWeight="semibold">
              Your reply
            </Text>
            {status && <Badge colorPalette={status.palette}>{status.label}</Badge>}
          </HStack>
          <Text fontSize="sm" color="gray.800">
            {reply.text}
          </Text>
        </Box>
      )}
      {(editing || (!reply && review.status === 'approved')) && (
        <Stack gap="2">
          <Textarea
            aria-label={`Reply to ${review.reviewerName || 'Anonymous'}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={2}
            placeholder="Thank the customer or answer their concerns"
          />
        </Stack>
      )}
      {flagging && (
        <Input
          aria-label="Reason for flagging"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why is this review fake or abusive?"
        />
      )}
      <HStack gap="2" wrap="wrap">
        {!reply &&
          review.status === 'approved' &&
          sendButton(
            'Reply',
            { colorPalette: 'brand' },
            { method: 'POST', part: 'reply', body: { text }, done: 'Reply sent for approval' },
          )}
        {reply && !editing && (
          <>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
              Edit reply
            </Button>
            {sendButton(
              'Delete reply',
              { variant: 'outline', colorPalette: 'red' },
              { method: 'DELETE', part: 'reply', done: 'Reply deleted' },
            )}
          </>
        )}
        {editing &&
          sendButton(
            'Save reply',
            { colorPalette: 'brand' },
            { method: 'PUT', part: 'reply', body: { text }, done: 'Reply sent for approval' },
          )}
        {flagging ? (
          sendButton(
            'Send flag',
            { colorPalette: 'red' },
            { method: 'POST', part: 'flag', body: { reason }, done: 'Review flagged for the admins' },
          )
        ) : (
          <Button size="xs" variant="ghost" onClick={() => setFlagging(true)}>
            {review.flags.length > 0 ? `Flagged (${review.flags.length}) · flag again` : 'Flag review'}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
