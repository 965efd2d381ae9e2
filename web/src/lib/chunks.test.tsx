import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { themeSystem } from '../theme';
import { lazyWithReload } from './chunks';
import { pageReload } from './reload';

// Issue 22, defect 7f: after a deploy, an open tab whose next screen's chunk was gone showed a blank page.
const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/HomePage-old.js'));

function renderLazy(load: () => Promise<{ default: () => ReactElement }>) {
  const Screen = lazyWithReload(load);
  return render(
    <ChakraProvider value={themeSystem()}>
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading page</p>}>
          <Screen />
        </Suspense>
      </PageErrorBoundary>
    </ChakraProvider>,
  );
}

describe('a screen whose chunk fails to load', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(pageReload, 'reload').mockImplementation(reload);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once for the new build', async () => {
    renderLazy(gone);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading page')).toBeInTheDocument();
  });

  it('shows a message with a reload button, not a blank page, when it fails again after the reload', async () => {
    renderLazy(gone);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    renderLazy(gone);
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after a later deploy once a chunk has loaded', async () => {
    renderLazy(gone);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    renderLazy(() => Promise.resolve({ default: () => <p>Home</p> }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    renderLazy(gone);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
