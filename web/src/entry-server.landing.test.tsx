import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CityPageData, PageData, RenderedApp } from '@limo/contracts';
import { App } from './App';
import { renderPage } from './entry-server';
import { createQueryClient } from './lib/api';
import { seedPageData } from './lib/landing';
import { hydratingStyles } from './lib/servedStyles';
import { on, stubIntersections, visitorServer } from './test/render';
import { makeCompany, makeCompanyDetail, makeReview } from './test/fixtures';

// jsdom resolves react-dom/static to its browser build; the gateway runs the Node one.
vi.mock('react-dom/static', () => import('react-dom/static.node'));

const company = makeCompanyDetail({
  id: 'c1',
  name: 'Ocean Limo',
  city: 'Fort Lauderdale',
  state: 'FL',
  phone: '(954) 555-0100',
  services: ['Wedding', 'Airport Transfer'],
  rating: 4.5,
  reviewCount: 1,
  reviews: [makeReview({ createdAt: '2026-01-01T00:30:00.000Z', verifiedCustomer: false, reply: null })],
});

const city: CityPageData = {
  city: 'Fort Lauderdale',
  state: 'FL',
  stateName: 'Florida',
  page: 2,
  pages: 3,
  pageSize: 20,
  lastModified: '2026-01-01T00:00:00.000Z',
  figures: {
    companyCount: 45,
    averageRating: 4.4,
    reviewCount: 30,
    averageHourlyRate: 120,
    lowestHourlyRate: 80,
    highestHourlyRate: 200,
    services: [{ service: 'Wedding', count: 12 }],
  },
  companies: [makeCompany({ id: 'c1', name: 'Ocean Limo' }), makeCompany({ id: 'c2', name: 'Blue Line Limo' })],
  nearby: [{ city: 'Hollywood', state: 'FL', path: '/limo-service/fl/hollywood', count: 3, distanceMiles: 8 }],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

const shown = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
};

/**
 * Serves `page` at `url` and hydrates it as src/start.tsx does; returns the hydration errors React reported (a mismatch
 * among them), and any <style> the page was served with that was moved or removed (each move restyles the whole page).
 */
async function hydrate(url: string, page: RenderedApp, data: PageData): Promise<unknown[]> {
  // Here (not in the gateway) the server and browser renderers share React's context objects, and a
  // finished prerender leaves the router's context set; a render outside any provider resets it.
  const { prelude } = await prerenderToNodeStream(<div />);
  for await (const _chunk of prelude) {
    // drained: only the render's side effect on the context matters
  }
  window.history.pushState({}, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = page.root;
  document.head.innerHTML = page.head;
  document.body.append(container);
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  const errors: unknown[] = [];
  const styles = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) errors.push(`served <style> moved: ${(node as Element).outerHTML.slice(0, 80)}`);
  });
  styles.observe(document.head, { childList: true });
  // Only React's hydration complaints count (the two renderers sharing contexts here warn about that too).
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (/hydrat|did not match|server rendered/i.test(args.map(String).join(' '))) errors.push(args);
  });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} styles={hydratingStyles(document)} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  styles.disconnect();
  consoleError.mockRestore();
  return errors;
}

describe('landing pages rendered on the server (issue 19)', () => {
  it('a company page shows everything above the fold, links to its city, and loads the review form only on demand', async () => {
    const data: PageData = { kind: 'company', id: 'c1', company };
    const rendered = await renderPage('/company/c1', data);
    const page = shown(rendered.root);
    expect(page.querySelector('h1')?.textContent).toBe('Ocean Limo');
    for (const text of ['4.5 (1 review)', '(954) 555-0100', 'Wedding', 'Airport Transfer', 'Perfect wedding ride.', 'January 1, 2026'])
      expect(page.textContent).toContain(text);
    expect(page.querySelector('a[href="/limo-service/fl/fort-lauderdale"]')?.textContent).toBe(
      'More limo companies in Fort Lauderdale, FL',
    );
    // The review form is a placeholder until its section comes near the screen.
    expect(page.querySelector('form')).toBeNull();

    const calls = visitorServer(on('GET', '/api/companies/c1', { body: company }));
    const view = stubIntersections();
    expect(await hydrate('/company/c1', rendered, data)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ocean Limo' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The company the page was served with is not asked for again while the page is taken over.
    expect(calls.filter((call) => call.url.startsWith('/api/companies/'))).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
    // The visitor scrolls down: the section comes into view and the form's code loads.
    act(() => view.scrollAll());
    await waitFor(() => expect(screen.getByRole('form', { name: 'Write a Review' })).toBeInTheDocument());
  });

  it('a city page shows its ranked companies, figures, FAQs, page links and nearby cities, and hydrates without a mismatch', async () => {
    const data: PageData = { kind: 'city', state: 'fl', city: 'fort-lauderdale', page: 2, data: city };
    const rendered = await renderPage('/limo-service/fl/fort-lauderdale?page=2', data);
    const page = shown(rendered.root);
    expect(page.querySelector('h1')?.textContent).toBe('Limo Service in Fort Lauderdale, FL');
    expect([...page.querySelectorAll('[data-testid="company-card"]')].map((c) => c.getAttribute('aria-label'))).toEqual([
      'Ocean Limo',
      'Blue Line Limo',
    ]);
    for (const text of [
      '45 limousine companies in Fort Lauderdale, FL, page 2 of 3',
      '4.4 / 5 (30 reviews)',
      '$120/hr',
      '$80–$200/hr',
      'Wedding · 12',
    ])
      expect(page.textContent).toContain(text);
    expect(page.textContent).toContain('How much does a limousine cost in Fort Lauderdale?');
    const pagination = page.querySelector('nav[aria-label="Pagination"]')!;
    expect([...pagination.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/limo-service/fl/fort-lauderdale',
      '/limo-service/fl/fort-lauderdale',
      '/limo-service/fl/fort-lauderdale?page=2',
      '/limo-service/fl/fort-lauderdale?page=3',
      '/limo-service/fl/fort-lauderdale?page=3',
    ]);
    expect(page.querySelector('a[href="/limo-service/fl/hollywood"]')?.textContent).toBe('Hollywood, FL');
    expect(page.querySelector('a[href="/limo-service/fl"]')?.textContent).toBe('Florida');

    visitorServer();
    expect(await hydrate('/limo-service/fl/fort-lauderdale?page=2', rendered, data)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Limo Service in Fort Lauderdale, FL' })).toBeInTheDocument();
  });

  it('a state page lists its cities with counts; a city without companies renders its not-found screen', async () => {
    const state: PageData = {
      kind: 'state',
      state: 'fl',
      summary: {
        state: 'FL',
        slug: 'fl',
        name: 'Florida',
        count: 48,
        lastModified: city.lastModified,
        cities: [{ city: 'Fort Lauderdale', slug: 'fort-lauderdale', count: 45, lastModified: city.lastModified }],
      },
    };
    const page = shown((await renderPage('/limo-service/fl', state)).root);
    expect(page.querySelector('h1')?.textContent).toBe('Limo Service in Florida');
    expect(page.querySelector('a[href="/limo-service/fl/fort-lauderdale"]')?.textContent).toBe('Limo service in Fort Lauderdale, FL');
    expect(page.textContent).toContain('(45)');

    const missing = shown(
      (await renderPage('/limo-service/fl/atlantis', { kind: 'city', state: 'fl', city: 'atlantis', page: 1, data: null })).root,
    );
    expect(missing.querySelector('h1')?.textContent).toBe('City Not Found');
    const unknown = shown((await renderPage('/no/such/page', { kind: 'none' })).root);
    expect(unknown.querySelector('h1')?.textContent).toBe('404 Page Not Found');
  });
});
