import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isStorefrontPage } from '@admit/contracts/storefront-pages';
import { makeSellerConfig } from '@/testing/seller-config';
import { createRoutes } from '@/app/router';

/** Every path the router declares, joined below its parents, params filled in. */
function declaredPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? [parent, route.path].filter(Boolean).join('/') : parent;
    const here = route.path || route.index ? [own] : [];
    return [...here, ...declaredPaths(route.children ?? [], own)];
  });
}

const concrete = (path: string) =>
  path
    .split('/')
    .filter((part) => !part.endsWith('?'))
    .map((part) => (part.startsWith(':') ? 'x' : part))
    .join('/');

// The page host answers 404 for any other address (issue #25): the router and the contracts'
// list must name the same pages, or a real page would go out as "not found".
describe('router paths', () => {
  it('are all pages the page host knows, and its 404 routes are not', () => {
    const config = makeSellerConfig({ login_path: '/sign-in' });
    const paths = declaredPaths(createRoutes(config));
    const pages = paths.filter((p) => p !== '*' && p !== 'error/404');
    expect(pages.length).toBeGreaterThan(20);
    for (const path of pages)
      expect(isStorefrontPage(concrete(path), config.login_path), path).toBe(true);
    expect(isStorefrontPage('error/404', config.login_path)).toBe(false);
    expect(isStorefrontPage('no-such-page', config.login_path)).toBe(false);
  });
});
