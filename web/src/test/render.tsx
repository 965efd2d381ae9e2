import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import AppToaster from '../components/AppToaster';
import { createQueryClient } from '../lib/api';
import { toaster } from '../lib/toaster';
import { themeSystem } from '../theme';

/** A recorded call to the fake server. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Reply | undefined;

/**
 * Replaces `fetch` with a fake server: `handlers` are tried in order and the first answer wins;
 * anything unanswered is a 404. Returns the list of calls made.
 */
export function fakeServer(...handlers: Handler[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      const body =
        init?.body instanceof FormData ? Object.fromEntries(init.body.entries()) : init?.body ? JSON.parse(String(init.body)) : undefined;
      const call: Call = { method: init?.method ?? 'GET', url, body };
      calls.push(call);
      const reply = handlers.reduce<Reply | undefined>((found, h) => found ?? h(call), undefined) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      const status = reply.status ?? 200;
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return calls;
}

/** Answers `method path` (path without query) with `reply`. */
export const on =
  (method: string, path: string, reply: Reply | ((call: Call) => Reply)): Handler =>
  (call) =>
    call.method === method && call.url.split('?')[0] === path ? (typeof reply === 'function' ? reply(call) : reply) : undefined;

/** Visitors are signed out unless a test says otherwise; analytics always accepts. */
export const signedOut = on('GET', '/api/me', { status: 401, body: { message: 'Not signed in' } });
export const analytics = on('POST', '/api/analytics/track', { status: 202, body: {} });

/** The fake server as a signed-out visitor meets it: `handlers`, with /api/me answering 401 and analytics accepting. */
export const visitorServer = (...handlers: Handler[]): Call[] => fakeServer(signedOut, analytics, ...handlers);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders `ui` at `route` inside the app's providers, with the toaster and a location probe. */
export function renderAt(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  toaster.remove();
  const user = userEvent.setup();
  const result = render(
    <ChakraProvider value={themeSystem()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
          <AppToaster />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { user, ...result };
}

/** The current router location, as the probe shows it. */
export const currentLocation = () => screen.getByTestId('location').textContent;

/** Waits for a toast with this title (and description, if given). */
export async function expectToast(title: string, description?: string | RegExp) {
  await waitFor(() => expect(screen.getByText(title)).toBeInTheDocument());
  if (description) expect(screen.getByText(description)).toBeInTheDocument();
}

/**
 * Rejects through the dialog of the Reject button named `button`: confirming with `confirm` and no
 * reason says "Please give a reason" and sends nothing to `url`; then `reason` is typed and confirmed,
 * the `toast` shows and `url` is sent `{ reason }`.
 */
export async function rejectWithReason(
  user: UserEvent,
  calls: Call[],
  { button, confirm, url, reason, toast }: { button: string; confirm: string; url: string; reason: string; toast: string },
) {
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  expect(await within(dialog).findByText('Please give a reason')).toBeVisible();
  expect(calls.some((c) => c.url === url)).toBe(false);
  await user.type(within(dialog).getByRole('textbox'), reason);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  await expectToast(toast);
  expect(calls.find((c) => c.url === url)?.body).toEqual({ reason });
}

/**
 * IntersectionObservers the test controls (the default stub of test/setup.ts never reports):
 * `scrollAll()` reports every observed element on screen, as a visitor scrolling to it would; with
 * `immediate`, each element is reported as soon as it is observed.
 */
export function stubIntersections({ immediate = false } = {}): { scrollAll(): void } {
  const observed: Array<{ callback: IntersectionObserverCallback; target: Element; observer: IntersectionObserver }> = [];
  const report = (o: (typeof observed)[number]) =>
    o.callback([{ isIntersecting: true, target: o.target } as IntersectionObserverEntry], o.observer);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        const entry = { callback: this.callback, target, observer: this as unknown as IntersectionObserver };
        observed.push(entry);
        if (immediate) report(entry);
      }
      unobserve() {}
      disconnect() {
        for (let i = observed.length - 1; i >= 0; i--) if (observed[i].observer === (this as unknown)) observed.splice(i, 1);
      }
      takeRecords() {
        return [];
      }
    },
  );
  return { scrollAll: () => [...observed].forEach(report) };
}
