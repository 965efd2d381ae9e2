import { Badge, Box, Button, Group, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import {
  ANALYTICS_WINDOWS,
  DEFAULT_ANALYTICS_DAYS,
  POPULAR_SEARCHES_LIMIT,
  TOP_COMPANIES_LIMIT,
  type AnalyticsOverviewFigures,
} from '@limo/contracts';
import { useState } from 'react';
import { useAdminQuery } from './adminApi';
import { RankChart, ShareChart, TrendsChart } from './lazyCharts';
import { Empty, Panel, QueryState } from './ui';
import { StatCard } from '../../components/StatCard';

/** Owner-admin §9: how many rows each list shows. */
const LIST_LIMITS = {
  topCompanies: TOP_COMPANIES_LIMIT,
  popularSearches: POPULAR_SEARCHES_LIMIT,
  geographic: 10,
  dailyTrends: 10,
  referrers: 5,
} as const;

const BASE = '/api/admin/analytics';

/** The change from `previous` to `current`, as the figure cards show it. */
export function changeLabel(current: number, previous: number | undefined): { text: string; direction: 'up' | 'down' | 'flat' } | null {
  if (previous === undefined) return null;
  if (previous === 0) return current === 0 ? { text: 'No change', direction: 'flat' } : { text: 'New this period', direction: 'up' };
  const pct = ((current - previous) / previous) * 100;
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return { text: '0% vs previous period', direction: 'flat' };
  return { text: `${rounded > 0 ? '+' : ''}${rounded}% vs previous period`, direction: rounded > 0 ? 'up' : 'down' };
}

/** A company name short enough for one line of a chart axis (the table below has it whole). */
const shortName = (name: string): string => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

const FIGURES: Array<{ key: keyof AnalyticsOverviewFigures; label: string }> = [
  { key: 'totalPageViews', label: 'Page Views' },
  { key: 'uniqueVisitors', label: 'Unique Visitors' },
  { key: 'totalCompanyViews', label: 'Company Views' },
  { key: 'totalSearches', label: 'Searches' },
  { key: 'totalQuoteRequests', label: 'Quote Requests' },
];

function FigureCard({ label, value, previous }: { label: string; value: number; previous: number | undefined }) {
  const change = changeLabel(value, previous);
  return (
    <StatCard label={label} value={value.toLocaleString('en-US')}>
      {change && (
        <Text
          fontSize="sm"
          color={change.direction === 'up' ? 'green.700' : change.direction === 'down' ? 'red.700' : 'gray.700'}
          data-testid="figure-change"
        >
          <span aria-hidden="true">{change.direction === 'up' ? '▲ ' : change.direction === 'down' ? '▼ ' : ''}</span>
          {change.text}
        </Text>
      )}
    </StatCard>
  );
}

function SimpleTable({ headers, rows, numeric = [] }: { headers: string[]; rows: Array<Array<string | number>>; numeric?: number[] }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {headers.map((h, i) => (
              <Table.ColumnHeader key={h} textAlign={numeric.includes(i) ? 'end' : 'start'}>
                {h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, r) => (
            <Table.Row key={r}>
              {row.map((cell, i) => (
                <Table.Cell key={i} textAlign={numeric.includes(i) ? 'end' : 'start'} overflowWrap="anywhere">
                  {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Tab 7 (§2.9): overview with the change against the previous period, top companies, places, daily trends, searches, devices, referrers. */
export function AnalyticsTab() {
  const [days, setDays] = useState<number>(DEFAULT_ANALYTICS_DAYS);
  const overview = useAdminQuery(`${BASE}/overview`, 'Failed to fetch traffic overview', { days });
  const top = useAdminQuery(`${BASE}/top-companies`, 'Failed to fetch top companies', {
    days,
    limit: LIST_LIMITS.topCompanies,
  });
  const geo = useAdminQuery(`${BASE}/geographic`, 'Failed to fetch geographic stats', { days });
  const trends = useAdminQuery(`${BASE}/daily-trends`, 'Failed to fetch daily trends', { days });
  const searches = useAdminQuery(`${BASE}/popular-searches`, 'Failed to fetch popular searches', {
    days,
    limit: LIST_LIMITS.popularSearches,
  });
  const devices = useAdminQuery(`${BASE}/devices`, 'Failed to fetch device stats', { days });
  const referrers = useAdminQuery(`${BASE}/referrers`, 'Failed to fetch referrer stats', { days });
  // Oldest first for the chart, whatever order the server sends.
  const trendRows = [...(trends.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="gray.700">
          Traffic over the last {days} days, compared with the {days} days before.
        </Text>
        <Group attached role="group" aria-label="Time window">
          {ANALYTICS_WINDOWS.map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={d === days}
              onClick={() => setDays(d)}
            >
              {d === 365 ? '1 year' : `${d} days`}
            </Button>
          ))}
        </Group>
      </HStack>

      <QueryState isLoading={overview.isLoading} error={overview.error}>
        {overview.data && (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
            {FIGURES.map((f) => (
              <FigureCard key={f.key} label={f.label} value={overview.data[f.key]} previous={overview.data.previousPeriod[f.key]} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>

      <Panel title="Daily Trends">
        <QueryState isLoading={trends.isLoading} error={trends.error}>
          {trendRows.length ? (
            <Stack gap="4">
              <TrendsChart
                data={trendRows.map((t) => ({ ...t, date: t.date.slice(5) }))}
                series={[
                  { key: 'pageViews', label: 'Page views' },
                  { key: 'companyViews', label: 'Company views' },
                  { key: 'searches', label: 'Searches' },
                  { key: 'quoteRequests', label: 'Quote requests' },
                ]}
              />
              <SimpleTable
                headers={['Date', 'Page views', 'Company views', 'Searches', 'Quote requests']}
                numeric={[1, 2, 3, 4]}
                rows={[...trendRows]
                  .reverse()
                  .slice(0, LIST_LIMITS.dailyTrends)
                  .map((t) => [t.date, t.pageViews, t.companyViews, t.searches, t.quoteRequests])}
              />
            </Stack>
          ) : (
            <Empty>No traffic in this window.</Empty>
          )}
        </QueryState>
      </Panel>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Top Companies" description="Most viewed listings">
          <QueryState isLoading={top.isLoading} error={top.error}>
            {top.data?.length ? (
              <Stack gap="4">
                <RankChart data={top.data.map((c) => ({ name: shortName(c.companyName), value: c.viewCount }))} label="Views" />
                <SimpleTable
                  headers={['Company', 'Views', 'Quotes']}
                  numeric={[1, 2]}
                  rows={top.data.map((c) => [c.companyName, c.viewCount, c.quoteCount])}
                />
              </Stack>
            ) : (
              <Empty>No company views in this window.</Empty>
            )}
          </QueryState>
        </Panel>
        <Panel title="Visitors by Place">
          <QueryState isLoading={geo.isLoading} error={geo.error}>
            {geo.data?.length ? (
              <SimpleTable
                headers={['City', 'State', 'Country', 'Visitors']}
                numeric={[3]}
                rows={geo.data.slice(0, LIST_LIMITS.geographic).map((g) => [g.city, g.state, g.country, g.visitorCount])}
              />
            ) : (
              <Empty>No visitors in this window.</Empty>
            )}
          </QueryState>
        </Panel>
        <Panel title="Popular Searches">
          <QueryState isLoading={searches.isLoading} error={searches.error}>
            {searches.data?.length ? (
              <Stack as="ol" gap="2" listStyleType="none">
                {searches.data.slice(0, LIST_LIMITS.popularSearches).map((s, i) => (
                  <HStack as="li" key={s.searchQuery} justify="space-between" borderBottomWidth="1px" pb="1">
                    <Text overflowWrap="anywhere">
                      <Box as="span" color="gray.600" mr="2">
                        {i + 1}.
                      </Box>
                      {s.searchQuery}
                    </Text>
                    <Badge>{s.searchCount.toLocaleString('en-US')}</Badge>
                  </HStack>
                ))}
              </Stack>
            ) : (
              <Empty>No searches in this window.</Empty>
            )}
          </QueryState>
        </Panel>
        <Panel title="Devices and Referrers">
          <Stack gap="6">
            <QueryState isLoading={devices.isLoading} error={devices.error}>
              {devices.data?.length ? (
                <ShareChart
                  data={devices.data.map((d) => ({ name: d.deviceType.charAt(0).toUpperCase() + d.deviceType.slice(1), value: d.count }))}
                />
              ) : (
                <Empty>No device data in this window.</Empty>
              )}
            </QueryState>
            <QueryState isLoading={referrers.isLoading} error={referrers.error}>
              {referrers.data?.length ? (
                <SimpleTable
                  headers={['Referrer', 'Visits']}
                  numeric={[1]}
                  rows={referrers.data.slice(0, LIST_LIMITS.referrers).map((r) => [r.referrer, r.count])}
                />
              ) : (
                <Empty>No referrers in this window.</Empty>
              )}
            </QueryState>
          </Stack>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
