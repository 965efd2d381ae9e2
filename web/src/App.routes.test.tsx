import { APP_ROUTE_PATHS, appRouteOf } from '@limo/contracts';
import { createRoutesFromChildren, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './App';

/** The route pattern the web router picks for `path` ('*' for the not-found screen). */
function routedPattern(path: string): string | undefined {
  const routes = createRoutesFromChildren(AppRoutes().props.children);
  const matched = matchRoutes(routes, path);
  const leaf = matched?.at(-1)?.route;
  if (!leaf) return undefined;
  return leaf.index ? '/' : `/${leaf.path ?? ''}`;
}

const sample = (pattern: string) => pattern.replace(':id', 'abc123');

describe('the app routes shared by the web router and the gateway', () => {
  it.each(APP_ROUTE_PATHS)('the router has a screen for %s', (pattern) => {
    expect(routedPattern(sample(pattern))).toBe(pattern);
  });

  it('sends every other path to the not-found screen, as the gateway answers 404 for it', () => {
    for (const path of ['/no/such/page', '/dashboard/extra', '/company', '/pricing/x']) {
      expect(routedPattern(path)).toBe('/*');
      expect(appRouteOf(path)).toBeUndefined();
    }
  });

  it('has no router screen that the shared list lacks', () => {
    const routes = createRoutesFromChildren(AppRoutes().props.children)[0]?.children ?? [];
    const patterns = routes.map((r) => (r.index ? '/' : `/${r.path}`)).filter((p) => p !== '/*');
    expect(patterns.filter((p) => !(APP_ROUTE_PATHS as readonly string[]).includes(p))).toEqual([]);
  });
});
