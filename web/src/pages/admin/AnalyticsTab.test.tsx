import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/adminFixtures';
import { analytics, fakeServer, on, renderAt } from '../../test/render';
import { defaultExportName, fileNameFromDisposition } from './adminApi';
import { AnalyticsTab, changeLabel } from './AnalyticsTab';
import { topStates } from './OverviewTab';

const figures = { totalPageViews: 150, totalCompanyViews: 40, totalSearches: 0, totalQuoteRequests: 3, uniqueVisitors: 90 };
const previous = { totalPageViews: 100, totalCompanyViews: 50, totalSearches: 0, totalQuoteRequests: 0, uniqueVisitors: 90 };

describe('traffic analytics tab (owner-admin §2.9 tab 7)', () => {
  it('asks for 30 days first, then the window picked, with the top-10 and top-20 limits', async () => {
    const calls = fakeServer(
      analytics,
      signedInAdmin,
      on('GET', '/api/admin/analytics/overview', { body: { ...figures, previousPeriod: previous } }),
      (call) => (call.url.startsWith('/api/admin/analytics/') ? { body: [] } : undefined),
    );
    const { user } = renderAt(<AnalyticsTab />);
    expect(await screen.findByText(/\+50% vs previous period$/)).toBeInTheDocument();
    expect(screen.getByText(/-20% vs previous period$/)).toBeInTheDocument();
    expect(screen.getByText(/New this period$/)).toBeInTheDocument();
    expect(screen.getAllByText(/No change$/)).toHaveLength(1);
    expect(screen.getByText(/^0% vs previous period$/)).toBeInTheDocument();
    for (const url of [
      '/api/admin/analytics/overview?days=30',
      '/api/admin/analytics/top-companies?days=30&limit=10',
      '/api/admin/analytics/popular-searches?days=30&limit=20',
      '/api/admin/analytics/geographic?days=30',
      '/api/admin/analytics/daily-trends?days=30',
      '/api/admin/analytics/devices?days=30',
      '/api/admin/analytics/referrers?days=30',
    ]) {
      expect(calls.map((c) => c.url)).toContain(url);
    }
    await user.click(screen.getByRole('button', { name: '1 year' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/admin/analytics/overview?days=365'));
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the spec\'s "Failed to fetch ..." message when a call fails', async () => {
    fakeServer(analytics, signedInAdmin, (call) =>
      call.url.startsWith('/api/admin/analytics/') ? { status: 500, body: { message: 'boom' } } : undefined,
    );
    renderAt(<AnalyticsTab />);
    for (const text of [
      'Failed to fetch traffic overview',
      'Failed to fetch top companies',
      'Failed to fetch geographic stats',
      'Failed to fetch daily trends',
      'Failed to fetch popular searches',
      'Failed to fetch device stats',
      'Failed to fetch referrer stats',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });
});

describe('admin helpers', () => {
  it.each([
    [10, 0, 'New this period'],
    [0, 0, 'No change'],
    [5, 10, '-50% vs previous period'],
    [11, 9, '+22.2% vs previous period'],
  ])('changeLabel(%i, %i) is "%s"', (current, before, text) => {
    expect(changeLabel(current, before)?.text).toBe(text);
  });

  it('keeps the ten biggest states and sums the others', () => {
    const counts = Array.from({ length: 13 }, (_, i) => ({ state: `S${i}`, count: i + 1 }));
    const { top, others } = topStates(counts);
    expect(top.map((s) => s.count)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(others).toEqual({ states: 3, companies: 6 });
  });

  it.each([
    ['attachment; filename="companies-export-2025-03-02.xlsx"', 'companies-export-2025-03-02.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'firmen%20liste.xlsx', 'firmen liste.xlsx'],
    [null, undefined],
    ['attachment', undefined],
  ])('reads the file name of %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it('dates the default export name', () => {
    expect(defaultExportName(new Date('2025-03-02T12:00:00Z'))).toBe('companies-export-2025-03-02.xlsx');
  });
});
