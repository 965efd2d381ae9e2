import { Alert, Box, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { reviewCreateBodySchema, type ReviewCreateBody } from '@limo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormField } from '../../components/FormField';
import { OptionSelect } from '../../components/OptionSelect';
import { RATING_LABELS } from '../../components/StarRating';
import { track } from '../../lib/analytics';
import { messageOf } from '../../lib/api';
import { createReview, reviewLink } from '../../lib/client/account';
import { applyServerErrors } from '../../lib/forms';
import { queryKeys } from '../../lib/queryKeys';
import { showToast } from '../../lib/toast';
import { SubmitButton } from '../../components/SubmitButton';

type ReviewFormInput = z.input<typeof reviewCreateBodySchema>;

/** The rating choices, best first ("5 - Excellent"). */
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((r) => ({ value: String(r), label: `${r} - ${RATING_LABELS[r]}` }));
const PENDING_MESSAGE = 'Your review is pending admin approval and will be visible once approved.';

/** The mailed review link in the address (`?reviewToken=`), checked by the server: who reviews, or why not. */
function useReviewLink(companyId: string) {
  const [params] = useSearchParams();
  const token = params.get('reviewToken');
  const link = useQuery({
    queryKey: queryKeys.reviewLink(token),
    queryFn: ({ signal }) => reviewLink(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  const valid = link.data && link.data.companyId === companyId ? link.data : null;
  return { token: valid ? token : null, reviewerName: valid?.reviewerName ?? null, error: link.error };
}

/**
 * Write a Review (§2, §5): rating 1-5 (default 5), name required, comment optional. Through the link
 * mailed after a quote request the name comes from the quote and the review is a verified customer's.
 */
export function ReviewForm({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState(false);
  const link = useReviewLink(companyId);
  const empty: ReviewFormInput = { companyId, rating: '5', reviewerName: '', comment: '', website: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewCreateBody>({ resolver: zodResolver(reviewCreateBodySchema), defaultValues: empty });

  // The name comes from the quote: the hidden field carries it so the form's checks pass.
  useEffect(() => {
    if (link.reviewerName) setValue('reviewerName', link.reviewerName);
  }, [link.reviewerName, setValue]);

  const send = useMutation({
    mutationFn: (body: ReviewCreateBody) => createReview(link.token ? { ...body, reviewerName: undefined, reviewToken: link.token } : body),
    onSuccess: () => {
      showToast({ title: 'Review submitted successfully!', description: PENDING_MESSAGE });
      track('review_submission', { companyId });
      setSubmitted(true);
      reset(empty);
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.detail(companyId) });
    },
    onError: (error) => {
      applyServerErrors(error, setError, ['rating', 'reviewerName', 'comment']);
      showToast({ title: 'Error submitting review', description: messageOf(error, error.message), type: 'error' });
    },
  });

  return (
    <Stack asChild gap="4">
      <form
        aria-labelledby="write-review-heading"
        noValidate
        onSubmit={handleSubmit((body) => {
          setSubmitted(false);
          send.mutate(body);
        })}
      >
        {submitted && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Thank you for your review!</Alert.Title>
              <Alert.Description>{PENDING_MESSAGE}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormField label="Rating" required error={errors.rating?.message}>
          <OptionSelect {...register('rating')} options={RATING_OPTIONS} />
        </FormField>
        {link.error && !submitted && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{messageOf(link.error, 'This review link is not valid')}</Alert.Description>
          </Alert.Root>
        )}
        {link.reviewerName !== null && !submitted ? (
          <Alert.Root status="info" data-testid="verified-review-link">
            <Alert.Indicator />
            <Alert.Description>
              Reviewing as <strong>{link.reviewerName}</strong>: your review will be marked &quot;Verified customer&quot;.
            </Alert.Description>
          </Alert.Root>
        ) : (
          <FormField label="Your Name" required error={errors.reviewerName?.message}>
            <Input {...register('reviewerName')} autoComplete="name" />
          </FormField>
        )}
        <FormField label="Comment" error={errors.comment?.message} helper="Optional: tell others about your ride.">
          <Textarea {...register('comment')} rows={4} />
        </FormField>
        {/* A field people never see; bots that fill every input give themselves away (the server drops those). */}
        <Box position="absolute" left="-10000px" width="1px" height="1px" overflow="hidden" aria-hidden="true">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </label>
        </Box>
        <SubmitButton alignSelf="start" pending={send.isPending} pendingText="Submitting...">
          Submit Review
        </SubmitButton>
      </form>
    </Stack>
  );
}
