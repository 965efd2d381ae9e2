import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '@limo/contracts';
import { loadCombobox } from '../components/PlaceInput';

// The place fields' suggestions load when the page is idle (PlaceInput); loaded here, a test types into
// the combobox itself, not into the plain field standing in for it, which could be swapped between the
// test's lookup of the element and its first key. PlaceInput.test.tsx tests the hand-over on a fresh module.
await loadCombobox();

// findBy*/waitFor wait up to 5 s (default 1 s): a page renders late in jsdom when the CI machine is busy.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs the UI kit and the router call.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
// jsdom has no PointerEvent; Chakra's checkboxes create one when they lose focus.
window.PointerEvent ??= class PointerEvent extends MouseEvent {} as typeof window.PointerEvent;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

// The browser as the server leaves it after a sign-in: the app asks GET /api/me, which each test's fake
// server answers (a 401 for a signed-out visitor). The mark's absence is tested in SiteHeader.test.tsx.
beforeEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
