import { Badge, Card, Heading, SimpleGrid, Stack, Text, Icon as ChakraIcon } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, MessageSquareQuote, Star, Timer } from 'lucide-react';
import * as client from '../../lib/client/account';
import { queryKeys } from '../../lib/queryKeys';
import { formatDate, formatMinutes, useQuoteSummary } from './data';
import { ListingAnalytics } from './ListingAnalytics';
import { StatCard } from '../../components/StatCard';

const SUBSCRIPTION_LABEL: Record<string, { text: string; color: string }> = {
  active: { text: 'Active', color: 'green' },
  past_due: { text: 'Payment due', color: 'orange' },
  canceled: { text: 'Canceled', color: 'red' },
  incomplete: { text: 'Incomplete', color: 'orange' },
  unpaid: { text: 'Unpaid', color: 'red' },
};

/** Overview tab: rating, quotes, response time, the subscription with its renewal date, and listing analytics. */
export function OverviewTab({ company }: { company: OwnerCompany }) {
  const summary = useQuoteSummary(company.id);
  const sub = company.subscriptionInfo;
  const subLabel = sub ? (SUBSCRIPTION_LABEL[sub.subscriptionStatus] ?? { text: sub.subscriptionStatus, color: 'gray' }) : undefined;
  const renews = sub?.subscriptionStatus === 'active';
  // Paid, claim waiting for review: billing's record says so before the listing is announced premium.
  const billing = useQuery({
    queryKey: queryKeys.subscriptions(company.id),
    queryFn: ({ signal }) => client.subscriptions(company.id, signal),
    enabled: !sub,
  });
  const pending = sub ? undefined : billing.data?.find((s) => s.status === 'active' && s.verification === 'pending');
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard
          testId="stat-rating"
          icon={<Star aria-hidden="true" />}
          label="Average rating"
          value={company.reviewCount > 0 ? `${company.averageRating.toFixed(1)} / 5` : 'No ratings yet'}
          help={`${company.reviewCount} approved ${company.reviewCount === 1 ? 'review' : 'reviews'}`}
        />
        <StatCard
          testId="stat-quotes"
          icon={<MessageSquareQuote aria-hidden="true" />}
          label="Quote requests"
          value={summary.data?.total ?? '—'}
          help="All time"
        />
        <StatCard
          testId="stat-response"
          icon={<Timer aria-hidden="true" />}
          label="Median response time"
          value={summary.data?.responseTime ? formatMinutes(summary.data.responseTime.medianMinutes) : '—'}
          help="From request to marked contacted"
        />
        <Card.Root data-testid="subscription-status">
          <Card.Body gap="1">
            <ChakraIcon asChild color="brand.fg">
              <CalendarClock size={18} aria-hidden="true" />
            </ChakraIcon>
            <Text fontSize="sm" color="gray.700">
              Subscription
            </Text>
            {sub && subLabel ? (
              <>
                <Badge alignSelf="start" colorPalette={subLabel.color} size="lg">
                  {subLabel.text}
                </Badge>
                <Text fontSize="sm">
                  $75/year · {renews ? 'renews' : 'ends'} {formatDate(sub.subscriptionEndDate)}
                </Text>
                <Text fontSize="xs" color="gray.700">
                  Auto-renews yearly. Cancel anytime in the Billing tab: your listing stays active to the end of the period.
                </Text>
              </>
            ) : pending ? (
              <>
                <Badge alignSelf="start" colorPalette="green" size="lg">
                  Active · verification pending
                </Badge>
                <Text fontSize="sm">$75/year · paid, renews {formatDate(pending.currentPeriodEnd)}</Text>
                <Text fontSize="xs" color="gray.700">
                  Our team verifies your claim within 1-2 business days.
                </Text>
              </>
            ) : (
              <Text fontSize="sm">No subscription yet</Text>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <ListingAnalytics companyId={company.id} />
      <Card.Root>
        <Card.Body gap="2">
          <Heading as="h3" size="md">
            Your listing
          </Heading>
          <Text color="gray.700">
            {company.name} · {[company.city, company.state].filter(Boolean).join(', ') || 'Location not specified'} · listed since{' '}
            {formatDate(company.createdAt)}
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
