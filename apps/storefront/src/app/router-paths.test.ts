import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import {
  ACCOUNT_PAGE_PATHS,
  PAGE_PATHS,
  isStorefrontPage,
} from '@admit/contracts/storefront-pages';
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

const allOff = makeSellerConfig({
  login_path: '/sign-in',
  environment: 'production',
  my_account_pages: { my_profile: false, upcoming_events: false, recent_orders: false },
});
const allOn = makeSellerConfig({
  login_path: '/sign-in',
  environment: 'test',
  self_edit_rules: { ...allOff.self_edit_rules, enabled: true, anon_editing: true },
});

/** Every page path the contracts name, concrete, whether or not a seller has it. */
const everyPagePath = [
  ...Object.values(PAGE_PATHS).map(concrete),
  ...Object.values(ACCOUNT_PAGE_PATHS).map((p) => `${PAGE_PATHS.my}/${concrete(p)}`),
];

// The page host answers 404 for any other address (issue #25): the router and the contracts'
// rule must name the same pages for every configuration, or a real page would go out as "not
// found", or a switched-off one as 200.
describe('router paths', () => {
  it.each([
    ['defaults', makeSellerConfig({ login_path: '/sign-in' })],
    ['every switchable page off', allOff],
    ['every switchable page on', allOn],
  ] as [string, SellerConfig][])('match the page host for %s', (_name, config) => {
    const declared = declaredPaths(createRoutes(config))
      .filter((p) => p !== '*' && p !== 'error/404')
      .map(concrete);
    expect(declared.length).toBeGreaterThan(15);
    for (const path of declared) expect(isStorefrontPage(path, config), path).toBe(true);
    for (const path of everyPagePath)
      expect(isStorefrontPage(path, config), path).toBe(declared.includes(path));
    expect(isStorefrontPage('error/404', config)).toBe(false);
    expect(isStorefrontPage('no-such-page', config)).toBe(false);
  });

  it('turn the configured pages off, and only those', () => {
    const on = declaredPaths(createRoutes(allOn)).map(concrete);
    const off = declaredPaths(createRoutes(allOff)).map(concrete);
    expect(on.filter((p) => !off.includes(p)).sort()).toEqual(
      [
        '_stories',
        'manage/x/confirm',
        'manage/x/reschedule/x',
        'my/orders',
        'my/orders/x',
        'my/profile',
        'my/upcoming',
        'my/upcoming/session/x',
      ].sort(),
    );
  });
});
