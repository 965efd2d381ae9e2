import { Badge, Box, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StateCount } from '@limo/contracts';
import { Building2, DollarSign, Star, Users, Wallet } from 'lucide-react';
import { dollars, shortDate, useAdminQuery } from './adminApi';
import { StateBarChart } from './lazyCharts';
import { ListState, Panel, QueryState } from './ui';
import { StatCard } from '../../components/StatCard';

/** Platform statistics show this average rating, fixed (owner-admin §9). */
const PLATFORM_AVERAGE_RATING = 4.5;
/** The state chart shows this many states; the rest are summed as "other states". */
const TOP_STATES = 10;

/** The ten states with most companies, and what the others add up to. */
export function topStates(
  counts: readonly StateCount[],
  top = TOP_STATES,
): { top: StateCount[]; others: { states: number; companies: number } } {
  const sorted = [...counts].sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
  const rest = sorted.slice(top);
  return { top: sorted.slice(0, top), others: { states: rest.length, companies: rest.reduce((sum, s) => sum + s.count, 0) } };
}

/** The first admin company page (limit 50), shared by the overview and the Companies tab. */
export const FIRST_COMPANY_PAGE = { page: 1, limit: 50 } as const;

/** Tab 1 (§2.9): four stat cards, recent companies, platform statistics, the state chart. */
export function OverviewTab() {
  const stats = useAdminQuery('/api/admin/stats', 'Failed to fetch admin stats');
  const companies = useAdminQuery('/api/admin/companies', 'Failed to fetch admin companies', FIRST_COMPANY_PAGE);
  const states = useAdminQuery('/api/admin/companies-by-state', 'Failed to fetch companies by state');
  const pending = useAdminQuery('/api/admin/pending-reviews', 'Failed to fetch pending reviews');
  const dash = '—';
  const byState = topStates(states.data ?? []);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        {(
          [
            ['Active Subscriptions', stats.data?.activeSubscriptions ?? dash, Wallet, 'Paid yearly listings'],
            ['Annual Revenue', stats.data ? dollars(stats.data.monthlyRevenue) : dash, DollarSign, '$75 per active subscription'],
            ['Total Users', stats.data?.totalUsers ?? dash, Users, 'Business and admin accounts'],
            ['Total Companies', companies.data?.totalCount.toLocaleString('en-US') ?? dash, Building2, 'Listed in the directory'],
          ] as const
        ).map(([label, value, CardIcon, help]) => (
          <StatCard key={label} label={label} value={value} icon={<CardIcon aria-hidden="true" />} help={help} />
        ))}
      </SimpleGrid>
      {stats.error && (
        <QueryState isLoading={false} error={stats.error}>
          {null}
        </QueryState>
      )}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Recent Companies" description="The five newest listings">
          <ListState isLoading={companies.isLoading} error={companies.error} items={companies.data?.companies} empty="No companies yet.">
            {(list) => (
              <Stack as="ul" gap="3" listStyleType="none">
                {list.slice(0, 5).map((c) => (
                  <HStack as="li" key={c.id} justify="space-between" borderBottomWidth="1px" pb="2" gap="3">
                    <Box minW="0">
                      <Text fontWeight="medium" truncate>
                        {c.name}
                      </Text>
                      <Text fontSize="sm" color="gray.700">
                        {[c.city, c.state].filter(Boolean).join(', ') || 'No location'} · added {shortDate(c.createdAt)}
                      </Text>
                    </Box>
                    <Badge colorPalette={c.verified ? 'green' : 'gray'} flexShrink={0}>
                      {c.verified ? 'Verified' : 'Unverified'}
                    </Badge>
                  </HStack>
                ))}
              </Stack>
            )}
          </ListState>
        </Panel>
        <Panel title="Platform Statistics">
          <Stack as="dl" gap="3">
            {[
              ['Total companies', companies.data?.totalCount.toLocaleString('en-US') ?? dash],
              ['States with listings', states.data ? String(states.data.length) : dash],
              ['Business accounts', stats.data?.businessUsers ?? dash],
              ['Admin accounts', stats.data?.adminUsers ?? dash],
              ['Reviews awaiting moderation', pending.data?.length ?? dash],
            ].map(([label, value]) => (
              <HStack key={String(label)} justify="space-between" borderBottomWidth="1px" pb="2">
                <Text as="dt" color="gray.700">
                  {label}
                </Text>
                <Text as="dd" fontWeight="semibold">
                  {value}
                </Text>
              </HStack>
            ))}
            <HStack justify="space-between">
              <Text as="dt" color="gray.700">
                Average rating
              </Text>
              <HStack as="dd" gap="1" fontWeight="semibold">
                <Icon asChild color="gold.solid">
                  <Star aria-hidden="true" size="16" fill="currentColor" />
                </Icon>
                {PLATFORM_AVERAGE_RATING.toFixed(1)}
              </HStack>
            </HStack>
          </Stack>
        </Panel>
      </SimpleGrid>

      <Panel title="Companies by State" description={`The ${TOP_STATES} states with the most listings`}>
        <ListState isLoading={states.isLoading} error={states.error} items={byState.top} empty="No companies yet.">
          {() => (
            <>
              <StateBarChart data={byState.top} />
              <Text mt="3" color="gray.700" data-testid="other-states">
                {byState.others.states > 0
                  ? `Other states: ${byState.others.companies.toLocaleString('en-US')} companies in ${byState.others.states} more ${byState.others.states === 1 ? 'state' : 'states'}`
                  : 'Other states: none'}
              </Text>
            </>
          )}
        </ListState>
      </Panel>
    </Stack>
  );
}
