import { Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, SkeletonText, Text, Wrap } from '@chakra-ui/react';
import { CredentialBadges } from './CredentialBadges';
import { ResponseTime } from './ResponseTime';
import { VerifiedOwnerBadge } from './VerifiedOwnerBadge';
import type { Company } from '@limo/contracts';
import { Crown, MapPin, Phone } from 'lucide-react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { track } from '../lib/analytics';
import { companyPlace, DEFAULT_DESCRIPTION, DEFAULT_PRICE_RANGE, telHref } from '../lib/company';
import { CompanyImage } from './CompanyImage';
import { RequestQuoteButton } from './RequestQuoteButton';
import { StarRating } from './StarRating';

/**
 * A company in the results (§2 "Company card"). `highlighted` while its marker is hovered on the map;
 * `onActivate` tells the map which card is hovered or focused. Memoised: the results page re-renders
 * as the visitor's city is being found, its cards (their company objects kept by the query cache) need not.
 */
export const CompanyCard = memo(function CompanyCard({
  company,
  highlighted = false,
  onActivate,
}: {
  company: Company;
  highlighted?: boolean;
  onActivate?(id: string | null): void;
}) {
  const showRating = company.rating > 0 && company.reviewCount > 0;

  return (
    <Card.Root
      as="article"
      overflow="hidden"
      variant="elevated"
      data-testid="company-card"
      data-company-id={company.id}
      data-highlighted={highlighted || undefined}
      aria-label={company.name}
      outline={highlighted ? '3px solid' : undefined}
      outlineColor="gold.400"
      onMouseEnter={onActivate && (() => onActivate(company.id))}
      onMouseLeave={onActivate && (() => onActivate(null))}
      onFocus={onActivate && (() => onActivate(company.id))}
      onBlur={onActivate && (() => onActivate(null))}
    >
      <Box position="relative">
        <CompanyImage company={company} aspectRatio={16 / 9} />
        {company.featured && (
          <Badge position="absolute" top="3" left="3" bg="gold.400" color="gray.900" size="md" fontWeight="bold">
            <Crown size={14} aria-hidden="true" /> PREMIUM
          </Badge>
        )}
      </Box>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3">
          <Box>
            <Heading as="h3" size="md" lineClamp={2}>
              {company.name}
            </Heading>
            {company.verifiedOwner && <VerifiedOwnerBadge size="sm" mt="1" />}
            <HStack gap="1.5" mt="1" wrap="wrap" _empty={{ display: 'none' }}>
              <CredentialBadges company={company} size="sm" />
            </HStack>
          </Box>
          <Text fontWeight="bold" color="green.700">
            {company.priceRange || DEFAULT_PRICE_RANGE}
          </Text>
        </Flex>
        {showRating && (
          <HStack gap="2">
            <StarRating rating={company.rating} />
            <Text fontSize="sm" color="gray.700">
              {company.rating.toFixed(1)} ({company.reviewCount} {company.reviewCount === 1 ? 'review' : 'reviews'})
            </Text>
          </HStack>
        )}
        <ResponseTime company={company} />
        {company.hourlyRateStart ? (
          <Text fontSize="sm" fontWeight="semibold" color="brand.700">
            Starting at ${company.hourlyRateStart}/hr
          </Text>
        ) : null}
        <Text fontSize="sm" color="gray.700" lineClamp={3}>
          {company.description || DEFAULT_DESCRIPTION}
        </Text>
        {company.services.length > 0 && (
          <Wrap gap="1.5">
            {company.services.slice(0, 3).map((s) => (
              <Badge key={s} variant="subtle" colorPalette="brand">
                {s}
              </Badge>
            ))}
          </Wrap>
        )}
        <HStack gap="1" fontSize="sm" color="gray.700">
          <MapPin size={14} aria-hidden="true" />
          <Text>{companyPlace(company)}</Text>
        </HStack>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="2">
        <Flex gap="2" wrap="wrap">
          {company.phone && (
            <Button asChild variant="outline" size="sm" flex="1 0 auto">
              <a href={telHref(company.phone)} onClick={() => track('call_click', { companyId: company.id })}>
                <Phone aria-hidden="true" /> Call Now
              </a>
            </Button>
          )}
          <RequestQuoteButton company={company} size="sm" flex="1 0 auto" />
          <Button asChild variant="outline" size="sm" flex="1 0 auto">
            <RouterLink to={`/company/${encodeURIComponent(company.id)}`}>View Details</RouterLink>
          </Button>
        </Flex>
        {!company.claimed && !company.owned && (
          <Button asChild variant="ghost" size="sm" color="gold.700">
            <RouterLink to={`/claim-business?companyId=${encodeURIComponent(company.id)}`}>Claim Business ($75)</RouterLink>
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
});

/** A placeholder card shown while results load (§2: three of them). */
export function CompanyCardSkeleton() {
  return (
    <Card.Root overflow="hidden" data-testid="company-card-skeleton" aria-hidden="true">
      <Skeleton aspectRatio={16 / 9} />
      <Card.Body gap="4">
        <Skeleton h="6" w="70%" />
        <SkeletonText noOfLines={3} />
        <Skeleton h="8" />
      </Card.Body>
    </Card.Root>
  );
}
