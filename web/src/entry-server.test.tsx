import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHomePage } from './entry-server';
import { createQueryClient } from './lib/api';
import { queryKeys } from './lib/queryKeys';
import { readServedFirstSearch, seedFirstSearch } from './lib/firstSearch';
import { makeCompany } from './test/fixtures';

// jsdom resolves react-dom/static to its browser build; the gateway runs the Node one. (That the
// browser adopts this markup in place, without a mismatch, is checked in Chromium: e2e/speed.)
vi.mock('react-dom/static', () => import('react-dom/static.node'));

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
const firstSearch = {
  companies: [makeCompany({ id: 'c1', name: HOSTILE }), makeCompany({ id: 'c2', name: 'Blue Line Limo', featured: false })],
  total: 2,
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the home page rendered by the gateway', () => {
  it('shows the first search as the app would, every company text escaped and no inline script', async () => {
    const { head, root: html } = await renderHomePage(firstSearch);
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(head).not.toMatch(/<script|<img src=x/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    const shown = document.createElement('div');
    shown.innerHTML = html;
    expect([...shown.querySelectorAll('[data-testid="company-card"]')].map((c) => c.getAttribute('aria-label'))).toEqual([
      HOSTILE,
      'Blue Line Limo',
    ]);
    expect(shown.textContent).toContain('Page 1 of 1 - Showing 2 companies');
    // The first search is unfiltered: its total is the stats strip's count, shown without a call of its own.
    expect(shown.querySelector('[data-testid="listed-count"]')?.textContent).toBe('2');
  });

  it("renders the map's region with a placeholder: no map engine on the server or in the first paint", async () => {
    const shown = document.createElement('div');
    shown.innerHTML = (await renderHomePage(firstSearch)).root;
    const region = shown.querySelector('section[aria-label="Map of results"]');
    expect(region?.querySelector('[data-testid="map-placeholder"]')).not.toBeNull();
    expect(region?.querySelector('.maplibregl-map, canvas')).toBeNull();
  });
});

describe('the first search served with the page', () => {
  function serve(text: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'first-search';
    script.textContent = text;
    document.body.append(script);
  }

  it('is read from its script element and cached as the answer of the first search, fresh', () => {
    serve(JSON.stringify(firstSearch).replace(/</g, '\\u003c'));
    const payload = readServedFirstSearch(document);
    expect(payload).toEqual(firstSearch);
    const queryClient = createQueryClient();
    seedFirstSearch(queryClient, payload!);
    const state = queryClient.getQueryState(queryKeys.companies.search(FIRST_SEARCH_QUERY));
    expect(state?.data).toEqual(firstSearch);
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
  });

  it('is ignored when absent or not a list', () => {
    expect(readServedFirstSearch(document)).toBeUndefined();
    serve('{"companies":{"a":1}}');
    expect(readServedFirstSearch(document)).toBeUndefined();
    document.body.innerHTML = '';
    serve('not json');
    expect(readServedFirstSearch(document)).toBeUndefined();
  });
});
