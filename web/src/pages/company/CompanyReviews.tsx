import { Badge, Box, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { CompanyDetail } from '@limo/contracts';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { StarRating } from '../../components/StarRating';
import { useCompany } from '../../lib/companies';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Customer Reviews (§2): each review with its date and, once approved, the owner's reply under it.
 * "Verified customers only" shows the reviews (and rating) posted through a link mailed after a
 * quote request.
 */
export function CompanyReviews({ company }: { company: CompanyDetail }) {
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const verified = useCompany(company.id, { verifiedOnly });
  const shown = verifiedOnly ? (verified.data ?? null) : company;
  const reviews = shown?.reviews ?? [];
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Checkbox.Root checked={verifiedOnly} onCheckedChange={(e) => setVerifiedOnly(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Verified customers only</Checkbox.Label>
        </Checkbox.Root>
        {verifiedOnly && shown && shown.reviewCount > 0 && (
          <Text fontSize="sm" color="gray.700" data-testid="verified-rating">
            {shown.rating.toFixed(1)} from {shown.reviewCount} verified {shown.reviewCount === 1 ? 'review' : 'reviews'}
          </Text>
        )}
      </Flex>
      {reviews.length === 0 ? (
        <Text color="gray.700">
          {verifiedOnly ? 'No reviews from verified customers yet.' : 'No reviews yet. Be the first to leave a review!'}
        </Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none">
          {reviews.map((r) => (
            <Box as="li" key={r.id} borderBottomWidth="1px" pb="4" _last={{ borderBottomWidth: 0, pb: 0 }}>
              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <HStack gap="2">
                  <StarRating rating={r.rating} />
                  <Text fontWeight="semibold">{r.rating}/5</Text>
                </HStack>
                <Text fontSize="sm" color="gray.600">
                  {longDate(r.createdAt)}
                </Text>
              </Flex>
              <HStack mt="1" gap="2">
                <Text fontWeight="medium">{r.reviewerName || 'Anonymous'}</Text>
                {r.verifiedCustomer && (
                  <Badge colorPalette="green" variant="subtle">
                    <BadgeCheck size={14} aria-hidden="true" /> Verified customer
                  </Badge>
                )}
              </HStack>
              {r.comment && (
                <Text mt="1" color="gray.700">
                  {r.comment}
                </Text>
              )}
              {r.reply && (
                <Box mt="3" ms="4" ps="3" borderStartWidth="3px" borderColor="brand.200" aria-label="Reply from the owner">
                  <Text fontSize="sm" fontWeight="semibold">
                    Reply from the owner{' '}
                    <Text as="span" fontWeight="normal" color="gray.600">
                      · {longDate(r.reply.createdAt)}
                    </Text>
                  </Text>
                  <Text mt="1" fontSize="sm" color="gray.700">
                    {r.reply.text}
                  </Text>
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
