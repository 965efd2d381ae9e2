import { Box, Card, Heading, HStack, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Eye, Globe, MessageSquareQuote, Phone, Search } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { CompanyAnalytics, CompanyAnalyticsFigures } from '@limo/contracts';
import { ApiError } from '../../lib/api';
import * as client from '../../lib/client/account';
import { queryKeys } from '../../lib/queryKeys';

const AnalyticsChart = lazy(() => import('./AnalyticsChart'));

export type { CompanyAnalytics };

/** The dashboard's two windows: 30 days (daily) and 12 months (monthly). */
const WINDOWS = [
  { days: 30, label: '30 days' },
  { days: 365, label: '12 months' },
] as const;

const FIGURES: Array<{
  key: keyof CompanyAnalyticsFigures;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: 'true' }>;
}> = [
  { key: 'profileViews', label: 'Listing views', icon: Eye },
  { key: 'searchAppearances', label: 'Search appearances', icon: Search },
  { key: 'quoteRequests', label: 'Quote requests', icon: MessageSquareQuote },
  { key: 'callClicks', label: 'Calls', icon: Phone },
  { key: 'websiteClicks', label: 'Website clicks', icon: Globe },
];

/** "+25%", "−10%", "new" or "" against the previous period. */
function changeLabel(now: number, before: number): string {
  if (before === 0) return now > 0 ? 'new' : '';
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct)}%`;
}

/** Daily points summed by month ("2026-03"), for the 12-month view. */
function byMonth(daily: CompanyAnalytics['daily']): CompanyAnalytics['daily'] {
  const months = new Map<string, CompanyAnalytics['daily'][number]>();
  for (const day of daily) {
    const month = day.date.slice(0, 7);
    const m = months.get(month) ?? {
      date: month,
      profileViews: 0,
      searchAppearances: 0,
      quoteRequests: 0,
      callClicks: 0,
      websiteClicks: 0,
    };
    for (const f of FIGURES) m[f.key] += day[f.key];
    months.set(month, m);
  }
  return [...months.values()];
}

/** The owner's listing analytics (issue 10: instead of "N/A (coming soon)"): five figures and a chart. */
export function ListingAnalytics({ companyId }: { companyId: string }) {
  const [days, setDays] = useState<number>(30);
  const query = useQuery({
    queryKey: queryKeys.myCompanies.analytics(companyId, days),
    queryFn: ({ signal }) => client.companyAnalytics(companyId, days, signal),
  });
  const data = query.data;
  const series = data ? (days === 365 ? byMonth(data.daily) : data.daily) : [];

  return (
    <Card.Root data-testid="listing-analytics">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h3" size="lg">
            Listing Analytics
          </Heading>
          <HStack role="group" aria-label="Analytics window" gap="1">
            {WINDOWS.map((w) => (
              <Box
                as="button"
                key={w.days}
                px="3"
                py="1"
                rounded="md"
                fontSize="sm"
                borderWidth="1px"
                aria-pressed={days === w.days}
                bg={days === w.days ? 'brand.700' : 'white'}
                color={days === w.days ? 'white' : 'gray.800'}
                onClick={() => setDays(w.days)}
              >
                {w.label}
              </Box>
            ))}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="6">
        {query.isPending && <Skeleton h="24" />}
        {query.isError && (
          <Text color="gray.700" role="status">
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Listing analytics will appear here once visitors start finding your listing.'
              : 'Analytics could not be loaded just now. Please try again later.'}
          </Text>
        )}
        {data && (
          <>
            <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="4">
              {FIGURES.map((f) => {
                const change = changeLabel(data.totals[f.key], data.previousPeriod[f.key]);
                return (
                  <Stack key={f.key} gap="1" data-testid={`figure-${f.key}`}>
                    <HStack gap="1.5" color="gray.700" fontSize="sm">
                      <f.icon size={14} aria-hidden="true" />
                      <Text>{f.label}</Text>
                    </HStack>
                    <Text fontSize="2xl" fontWeight="bold">
                      {data.totals[f.key].toLocaleString('en-US')}
                    </Text>
                    {change && (
                      <Text fontSize="xs" color={change.startsWith('−') ? 'red.700' : 'green.700'}>
                        {change} vs previous {days === 365 ? '12 months' : '30 days'}
                      </Text>
                    )}
                  </Stack>
                );
              })}
            </SimpleGrid>
            <Box h="64" aria-label={`Daily listing views and quote requests, last ${days === 365 ? '12 months' : '30 days'}`} role="img">
              <Suspense fallback={<Spinner aria-label="Loading chart" />}>
                <AnalyticsChart data={series} monthly={days === 365} />
              </Suspense>
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
