import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';

function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Chart(props: P) {
    return (
      <Suspense
        fallback={
          <Center h="64">
            <Spinner color="brand.600" aria-label="Loading chart" />
          </Center>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Chart;
}

const charts = () => import('./charts');

/** The charts of charts.tsx, each loading the chart library on first use. */
export const StateBarChart = lazyChart(() => charts().then((m) => m.StateBarChart));
export const TrendsChart = lazyChart(() => charts().then((m) => m.TrendsChart));
export const ShareChart = lazyChart(() => charts().then((m) => m.ShareChart));
export const RankChart = lazyChart(() => charts().then((m) => m.RankChart));
