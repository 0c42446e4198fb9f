import { Suspense, useEffect } from 'react';
import { useRoutes } from 'react-router';
import { releaseStoredValues } from '@/stores/persisted-store';
import { markHydrated } from '@/app/boot/server-render';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { SellerConfig } from '@admit/contracts/seller-config';
import {
  ACCOUNT_PAGE_PATHS,
  PAGE_PATHS,
  isAccountPageOn,
  isPageOn,
  loginPagePath,
  pagePaths,
} from '@admit/contracts/storefront-pages';
import type { AccountPageName, PageName } from '@admit/contracts/storefront-pages';
import type { RouteHandle } from '@/ui/routing/route-handle';
import { ERROR_ROUTE_NAME, RouteTableProvider } from '@/ui/routing/route-handle';
import { RootLayout } from '@/app/layout/root-layout';
import { BootFallback } from '@/app/boot/boot-fallback';
import {
  Home,
  Listing,
  Event,
  NotFound,
  Scan,
  TransferCart,
  Resend,
  ForgotMembership,
  ForgotPassword,
  ResetPassword,
  SetEmail,
  Login,
  Logout,
  AuthCallback,
  Account,
  Checkout,
  CheckoutComplete,
  CheckoutPending,
  TicketOrder,
  Membership,
  Redeem,
  CancelAutoRenew,
  AccountIndex,
  MyMembership,
  Profile,
  Upcoming,
  SessionDetail,
  Orders,
  OrderDetail,
  Manage,
  ManageReschedule,
  ManageConfirm,
  Office,
  Stories,
} from '@/app/route-pages';
import { PrefetchRoute } from '@/app/prefetch-route';
import type { RoutePrefetch } from '@/api/route-prefetch';

/** Reads that start with the page's code (app/prefetch-route.tsx), each a small chunk of its own. */
const prefetchEvent = () => import('@/features/event/prefetch-event').then((m) => m.prefetchEvent);
const prefetchCheckout = () =>
  import('@/features/checkout/prefetch-checkout').then((m) => m.prefetchCheckout);

/**
 * Rendered after a page, in its Suspense boundary: its effect runs once the page has committed
 * — for a server-rendered page, once it has hydrated — and lets the stores answer what the
 * browser keeps (stores/persisted-store.ts, decision 0044).
 */
function PageHydrated() {
  useEffect(() => {
    releaseStoredValues();
    markHydrated();
  }, []);
  return null;
}

function route(
  name: string,
  path: string,
  Page: ComponentType,
  prefetch?: () => Promise<RoutePrefetch>,
): RouteObject {
  const handle: RouteHandle = { name };
  const page = (
    <>
      <Page />
      <PageHydrated />
    </>
  );
  const element = prefetch ? <PrefetchRoute load={prefetch}>{page}</PrefetchRoute> : page;
  return { path, element, handle };
}

/**
 * /my's pages (identity §2, §6 "account sections depend on the configuration flags"): a page
 * whose my_account_pages flag is off is not there at all (the 404 page), its detail with it;
 * which ones is the contracts' rule, shared with the page host (issue #25).
 */
function accountPages(config: SellerConfig): RouteObject[] {
  const page = (name: AccountPageName, Page: ComponentType): RouteObject[] =>
    isAccountPageOn(name, config) ? [{ path: ACCOUNT_PAGE_PATHS[name], element: <Page /> }] : [];
  return [
    { index: true, element: <AccountIndex /> },
    ...page('membership', MyMembership),
    ...page('membership-cancel-auto-renew', CancelAutoRenew),
    ...page('profile', Profile),
    ...page('upcoming', Upcoming),
    ...page('upcoming-session', SessionDetail),
    ...page('orders', Orders),
    ...page('order-detail', OrderDetail),
  ];
}

/** The screens beside shopping (identity §2 route table). */
function otherRoutes(config: SellerConfig): RouteObject[] {
  const loginPath = loginPagePath(config);
  // a page the seller's configuration switches off is left out (the contracts' one rule)
  const page = (name: PageName, Page: ComponentType): RouteObject[] =>
    isPageOn(name, config) ? [route(name, PAGE_PATHS[name], Page)] : [];
  const routes: RouteObject[] = [
    route('transfer-cart', PAGE_PATHS['transfer-cart'], TransferCart),
    ...pagePaths('checkout-complete').map((path) =>
      route('checkout-complete', path, CheckoutComplete),
    ),
    route('checkout-pending', PAGE_PATHS['checkout-pending'], CheckoutPending),
    ...pagePaths('checkout').map((path) => route('checkout', path, Checkout, prefetchCheckout)),
    route('membership-redeem', PAGE_PATHS['membership-redeem'], Redeem),
    route('membership', PAGE_PATHS.membership, Membership),
    route('resend', PAGE_PATHS.resend, Resend),
    // the door's scanner for staff (issue #16, decision 0042): linked from no visitor page
    route('scan', PAGE_PATHS.scan, Scan),
    route('logout', PAGE_PATHS.logout, Logout),
    // spec: identity §2 — the external login provider's callback route
    route('auth-callback', PAGE_PATHS['auth-callback'], AuthCallback),
    route('forgot-membership', PAGE_PATHS['forgot-membership'], ForgotMembership),
    route('forgot-password', PAGE_PATHS['forgot-password'], ForgotPassword),
    route('reset-password', PAGE_PATHS['reset-password'], ResetPassword),
    route('set-email-address', PAGE_PATHS['set-email-address'], SetEmail),
    route('cancel-auto-renew', PAGE_PATHS['cancel-auto-renew'], CancelAutoRenew),
    route('manage', PAGE_PATHS.manage, Manage),
    // spec: identity §2 — reschedule and confirm are "added only when the feature check is on"
    ...page('manage-reschedule', ManageReschedule),
    ...page('manage-confirm', ManageConfirm),
    {
      path: PAGE_PATHS.my,
      handle: { name: 'my' } satisfies RouteHandle,
      // spec: identity §2 — logged out, the account area is a login form; logged in, the
      // sidebar around the child page
      element: <Account />,
      children: accountPages(config),
    },
    route('ticket-order', PAGE_PATHS['ticket-order'], TicketOrder),
  ];
  if (loginPath) routes.push(route('login', loginPath, Login));
  // spec: identity §2 — the developer viewer exists only outside production
  routes.push(...page('stories', Stories));
  return routes;
}

/** spec: identity §2 route table. Every screen is a lazily loaded chunk (shopping §1). */
export function createRoutes(config: SellerConfig): RouteObject[] {
  return [
    {
      // staff, not visitors: none of the visitor's frame, rules or hosts (decision 0087)
      path: PAGE_PATHS.office,
      handle: { name: 'office' } satisfies RouteHandle,
      element: (
        <Suspense fallback={<BootFallback />}>
          <Office />
          <PageHydrated />
        </Suspense>
      ),
    },
    {
      element: <RootLayout />,
      children: [
        {
          children: [
            { index: true, element: <Home />, handle: { name: 'home' } satisfies RouteHandle },
            // the pages the host preloads: their paths live with that list (contracts)
            ...pagePaths('events').map((path) => route('events', path, Listing)),
            ...pagePaths('event').map((path) => route('event', path, Event, prefetchEvent)),
            ...otherRoutes(config),
            route(ERROR_ROUTE_NAME, 'error/404', NotFound),
            route(ERROR_ROUTE_NAME, '*', NotFound),
          ],
        },
      ],
    },
  ];
}

/** The router base: the seller slug (identity §2), or empty on the seller's own domain (0071). */
export function routerBasename(config: SellerConfig): string {
  return config.router_base;
}

/**
 * The routes, rendered by the declarative router (`BrowserRouter`/`MemoryRouter` around it).
 * The data router would add ~17 KB gzip to the first load for features the storefront does not
 * use (loaders, actions, fetchers) — docs/decisions/0004.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return <RouteTableProvider routes={routes}>{useRoutes(routes)}</RouteTableProvider>;
}
