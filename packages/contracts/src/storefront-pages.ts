import type { SellerConfig } from './seller-config';
import { anonymousEditingRules } from './rules/self-edit';

/**
 * The storefront pages whose code the page host names in the HTML (decision 0033): their router
 * paths below the seller base (identity §2 route table; `apps/storefront/src/app/router.tsx`
 * declares its routes with these), the module that renders each and its read prefetch. The storefront build maps
 * each module to its chunks (`route-preloads.json`); the host, seeing a deep link, preloads
 * them with the entry script instead of after it has run. First match wins.
 */
export const PRELOADED_PAGES = [
  {
    name: 'events',
    paths: ['events'],
    module: 'src/app/routes/listing-route.tsx',
    prefetch: 'src/features/listing/prefetch-listing.ts',
    serverRendered: true,
  },
  {
    name: 'event',
    paths: ['events/:id', 'events/:id/:action'],
    module: 'src/app/routes/event-route.tsx',
    prefetch: 'src/features/event/prefetch-event.ts',
    serverRendered: true,
  },
  {
    name: 'checkout-complete',
    paths: ['checkout/complete'],
    module: 'src/features/orders/checkout-complete-route.tsx',
    prefetch: 'src/features/orders/prefetch-checkout-complete.ts',
    serverRendered: true,
    private: true,
  },
  {
    name: 'checkout',
    paths: ['checkout/:cartId?'],
    module: 'src/app/routes/checkout-route.tsx',
    prefetch: 'src/features/checkout/prefetch-checkout.ts',
    serverRendered: true,
    private: true,
  },
] as const satisfies readonly {
  name: string;
  paths: readonly string[];
  module: string;
  /** the route's read prefetch (app/prefetch-route.tsx), a chunk of its own */
  prefetch?: string;
  /**
   * the host sends the page rendered (the storefront's SSR bundle) and the browser hydrates it
   * (decision 0044); its prefetch module also seeds the query cache from the HTML's reads
   */
  serverRendered?: true;
  /**
   * drawn from the visitor's own reads (their cart, their orders: decision 0045): the HTML is
   * `Cache-Control: private, no-store`, and the renderer never keeps it
   */
  private?: true;
}[];

export type PreloadedPage = (typeof PRELOADED_PAGES)[number];
export type PreloadedPageName = PreloadedPage['name'];

/** The router paths of one preloaded page. */
export const pagePaths = (name: PreloadedPageName): readonly string[] =>
  PRELOADED_PAGES.find((page) => page.name === name)!.paths;

/** Whether a router path (`events/:id`, `checkout/:cartId?`) matches a path below the base. */
export function matchesRoutePath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/').filter(Boolean);
  let i = 0;
  for (const part of want) {
    // a trailing splat takes the rest of the path, or none of it (react-router's `*`)
    if (part === '*') return true;
    const optional = part.endsWith('?');
    const value = got[i];
    if (value === undefined) {
      if (optional) continue;
      return false;
    }
    if (part.startsWith(':')) {
      i++;
      continue;
    }
    if (decodeURIComponent(value) !== part) return false;
    i++;
  }
  return i === got.length;
}

/** The preloaded page a path below the seller base shows, if any. */
export function preloadedPageOf(path: string): PreloadedPage | undefined {
  return PRELOADED_PAGES.find((page) => page.paths.some((p) => matchesRoutePath(p, path)));
}

/** The server-rendered page a path below the seller base shows, if any (decision 0044). */
export function serverRenderedPageOf(path: string): PreloadedPage | undefined {
  const page = preloadedPageOf(path);
  return page && 'serverRendered' in page ? page : undefined;
}

/** Whether a page is drawn from the visitor's own reads (decision 0045). */
export const isPrivatePage = (page: PreloadedPage): boolean => 'private' in page;

/**
 * The attribute the page host sets on `<div id="root">` when it sent the page rendered
 * (decision 0044); its value is the layout the server drew: `mobile` or `desktop`.
 */
export const SERVER_RENDER_ATTRIBUTE = 'data-server-render';

/**
 * The event the storefront dispatches on `document` once a page the server drew has hydrated (or
 * was rendered anew), when it also drops `SERVER_RENDER_ATTRIBUTE`: the page host's inline script
 * then replays the button presses it kept while the page was only drawn (decision 0045).
 */
export const HYDRATED_EVENT = 'admit:hydrated';

/**
 * The completed page's `orderIds` (identity §2 "Checkout complete"): a comma-separated list;
 * anything but ids is left out. The storefront and the page host read it alike, so the host's
 * reads are keyed by the addresses the page asks for (decision 0045).
 */
export function parseOrderIds(raw: string | null): string[] {
  return (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
}

/**
 * The router paths of the storefront's other pages below the seller base (identity §2 route
 * table), by route name: `apps/storefront/src/app/router.tsx` declares its routes with these, so
 * the page host can tell a page from an unknown address and answer the latter with HTTP 404
 * (issue #25). Some exist only when the seller's configuration says so: `isPageOn` below.
 */
export const PAGE_PATHS = {
  'transfer-cart': 'transfer-cart/:cartId',
  'checkout-pending': 'checkout/pending/:cartId',
  'membership-redeem': 'membership/redeem',
  membership: 'membership/:action?',
  resend: 'resend',
  scan: 'scan',
  logout: 'logout',
  'auth-callback': 'auth/callback',
  'forgot-membership': 'user/forgot-membership',
  'forgot-password': 'user/forgot-password',
  'reset-password': 'user/reset-password',
  'set-email-address': 'user/set-email-address',
  'cancel-auto-renew': 'manage/:ticketOrderId/cancel-auto-renew',
  manage: 'manage/:id',
  'manage-reschedule': 'manage/:orderId/reschedule/:sessionId',
  'manage-confirm': 'manage/:orderId/confirm',
  my: 'my',
  'ticket-order': 'ticket_order/:id',
  stories: '_stories',
  // the back office (issue #27, decision 0087): one lazily loaded route, its pages its own
  office: 'office/*',
} as const;
export type PageName = keyof typeof PAGE_PATHS;

/** The account area's pages, below `my` (identity §2). */
export const ACCOUNT_PAGE_PATHS = {
  membership: 'membership',
  // decision 0057: a term without an order is cancelled by its id, by its logged-in holder
  'membership-cancel-auto-renew': 'membership/:membershipId/cancel-auto-renew',
  profile: 'profile',
  upcoming: 'upcoming',
  'upcoming-session': 'upcoming/session/:id',
  orders: 'orders',
  'order-detail': 'orders/:id',
} as const;
export type AccountPageName = keyof typeof ACCOUNT_PAGE_PATHS;

/** The parts of the seller's configuration that decide which pages its storefront has. */
export type PageSwitches = Pick<
  SellerConfig,
  'login_path' | 'my_account_pages' | 'self_edit_rules' | 'environment'
>;

/**
 * spec: identity §2 — "/_stories | Developer viewer, exists only outside production". The one
 * place that knows what production is: the config's `environment` (the server's NODE_ENV today,
 * the host once issue #26 chooses it; decision 0068).
 */
export const isDeveloperViewerOn = (config: Pick<SellerConfig, 'environment'>): boolean =>
  config.environment !== 'production';

/** spec: identity §2 — reschedule and confirm are "added only when the feature check is on". */
const selfEditOn = (config: PageSwitches) => anonymousEditingRules(config.self_edit_rules).enabled;

/**
 * The pages a seller's configuration switches off (identity §2 route table, §3 Configuration):
 * absent from the router, so the storefront shows its 404 page, and answered 404 by the page
 * host. One rule for both (issue #25); a page not named here is always there.
 */
const PAGE_SWITCHES: { [K in PageName]?: (config: PageSwitches) => boolean } = {
  // the secret link's holder's rules (decision 0039)
  'manage-reschedule': selfEditOn,
  'manage-confirm': selfEditOn,
  stories: isDeveloperViewerOn,
};
const ACCOUNT_PAGE_SWITCHES: { [K in AccountPageName]?: (config: PageSwitches) => boolean } = {
  // identity §2 account sidebar: each flag turns its page off, its detail with it
  profile: (c) => c.my_account_pages.my_profile,
  upcoming: (c) => c.my_account_pages.upcoming_events,
  'upcoming-session': (c) => c.my_account_pages.upcoming_events,
  orders: (c) => c.my_account_pages.recent_orders,
  'order-detail': (c) => c.my_account_pages.recent_orders,
};

/** Whether the seller's storefront has this page (see `PAGE_SWITCHES`). */
export const isPageOn = (name: PageName, config: PageSwitches): boolean =>
  PAGE_SWITCHES[name]?.(config) ?? true;

/** Whether the seller's account area has this page (see `ACCOUNT_PAGE_SWITCHES`). */
export const isAccountPageOn = (name: AccountPageName, config: PageSwitches): boolean =>
  ACCOUNT_PAGE_SWITCHES[name]?.(config) ?? true;

/** The seller's login path below the base, without slashes; empty: no login page. */
export const loginPagePath = (config: Pick<SellerConfig, 'login_path'>): string =>
  config.login_path.replace(/^\/+|\/+$/g, '');

const entries = <K extends string>(paths: Record<K, string>) =>
  Object.entries(paths) as [K, string][];

/**
 * Whether a path below the seller base is one of this seller's storefront pages (the home page,
 * the preloaded pages, the others its configuration has on, its login path), else the
 * storefront's 404 page.
 */
export function isStorefrontPage(path: string, config: PageSwitches): boolean {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0) return true;
  const below = parts.join('/');
  const login = loginPagePath(config);
  if (login && below === login) return true;
  if (preloadedPageOf(below)) return true;
  const page = entries(PAGE_PATHS).some(
    ([name, p]) => isPageOn(name, config) && matchesRoutePath(p, below),
  );
  if (page) return true;
  const inAccount = parts.slice(1).join('/');
  return (
    parts[0] === PAGE_PATHS.my &&
    isPageOn('my', config) &&
    entries(ACCOUNT_PAGE_PATHS).some(
      ([name, p]) => isAccountPageOn(name, config) && matchesRoutePath(p, inAccount),
    )
  );
}
