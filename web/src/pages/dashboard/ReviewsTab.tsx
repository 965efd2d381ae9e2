import { Badge, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { StarRating } from '../../components/StarRating';
import { formatDate, useCompanyReviews } from './data';
import { ReviewActions } from './ReviewActions';

/** Reviews tab: every review of the company, pending ones marked as awaiting approval. */
export function ReviewsTab({ companyId }: { companyId: string }) {
  const reviews = useCompanyReviews(companyId);
  return (
    <Stack gap="4">
      <Heading as="h3" size="lg">
        Customer Reviews
      </Heading>
      {reviews.isPending && <Skeleton h="24" />}
      {reviews.isError && <Text color="red.700">Reviews could not be loaded. Please refresh the page.</Text>}
      {reviews.data?.length === 0 && (
        <Card.Root>
          <Card.Body color="gray.700" textAlign="center">
            No reviews yet. Ask your customers to review you on your public page.
          </Card.Body>
        </Card.Root>
      )}
      {reviews.data?.map((r) => (
        <Card.Root key={r.id} as="article" aria-label={`Review by ${r.reviewerName || 'Anonymous'}`}>
          <Card.Body gap="2">
            <Flex justify="space-between" gap="3" wrap="wrap">
              <Flex gap="2" align="center">
                <StarRating rating={r.rating} />
                <Text fontWeight="semibold">{r.reviewerName || 'Anonymous'}</Text>
              </Flex>
              <Flex gap="2" align="center">
                <Badge colorPalette={r.status === 'approved' ? 'green' : r.status === 'pending' ? 'orange' : 'red'}>
                  {r.status === 'pending' ? 'Awaiting approval' : r.status}
                </Badge>
                <Text fontSize="sm" color="gray.700">
                  {formatDate(r.createdAt)}
                </Text>
              </Flex>
            </Flex>
            {r.comment && <Text color="gray.800">{r.comment}</Text>}
            <ReviewActions companyId={companyId} review={r} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
