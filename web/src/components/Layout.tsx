import { Box, Flex } from '@chakra-ui/react';
import { pageMeta } from '@limo/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics';
import { useIdle } from '../lib/idle';
import { onToastWanted } from '../lib/toast';
import { useDocumentMeta } from '../lib/meta';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { PageLoading } from './PageLoading';

// The toast area (and the toast machine) is fetched once the browser is idle after the page was taken
// over: its store subscription updates synchronously (flushSync), which, during a served page's
// hydration, made React finish the whole page in one long task. A toast asked for before mounts it at once.
const AppToaster = lazy(() => import('./AppToaster'));

/** Every screen's frame: skip link, sticky header, the route, footer, toasts; page views and metadata. */
export function Layout() {
  const { pathname } = useLocation();
  // Company pages set their own title once the company has loaded.
  useDocumentMeta(pathname.startsWith('/company/') ? undefined : pageMeta(pathname));
  // A new screen starts at its top; the first one stays where the visitor is (who may have scrolled
  // the served markup before the scripts arrived, or reloaded further down).
  const firstScreen = useRef(true);
  const idle = useIdle(5_000);
  const [toastWanted, setToastWanted] = useState(false);
  useEffect(() => onToastWanted(() => setToastWanted(true)), []);
  const toastsReady = idle || toastWanted;
  useEffect(() => {
    trackPageView(pathname);
    if (!firstScreen.current) window.scrollTo(0, 0);
    firstScreen.current = false;
  }, [pathname]);

  return (
    <Flex direction="column" minHeight="100vh">
      <Box
        asChild
        position="absolute"
        left="-9999px"
        zIndex="skipNav"
        _focus={{ left: '4', top: '4', bg: 'white', color: 'brand.800', px: '4', py: '2', rounded: 'md', boxShadow: 'lg' }}
      >
        <a href="#main-content">Skip to content</a>
      </Box>
      <SiteHeader />
      <Box as="main" id="main-content" flex="1" tabIndex={-1} outline="none">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading label="Loading page" />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      <SiteFooter />
      {toastsReady && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </Flex>
  );
}
