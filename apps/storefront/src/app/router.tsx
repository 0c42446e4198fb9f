import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { RouteHandle } from '@/ui/routing/route-handle';
import { ERROR_ROUTE_NAME } from '@/ui/routing/route-handle';
import { RootLayout } from '@/app/layout/root-layout';
import { RouteError } from '@/app/layout/route-error';
import { BootFallback } from '@/app/boot/boot-fallback';
import { lazyRoute } from '@/app/lazy-route';

const home = lazyRoute(
  () => import('@/features/home/home-route'),
  (m) => m.HomeRoute,
);
const listing = lazyRoute(
  () => import('@/app/routes/listing-route'),
  (m) => m.ComposedListingRoute,
);
const event = lazyRoute(
  () => import('@/app/routes/event-route'),
  (m) => m.ComposedEventRoute,
);
const notFound = lazyRoute(
  () => import('@/features/not-found/not-found-route'),
  (m) => m.NotFoundRoute,
);
const placeholder = lazyRoute(
  () => import('@/features/placeholders/placeholder-route'),
  (m) => m.PlaceholderRoute,
);

function route(name: string, path: string, lazy: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { name };
  return { path, lazy, handle } as RouteObject;
}

/** Screens a later issue builds; until then each shows the placeholder page. */
function placeholderRoutes(config: SellerConfig): RouteObject[] {
  const loginPath = config.login_path.replace(/^\/+|\/+$/g, '');
  const routes: RouteObject[] = [
    route('transfer-cart', 'transfer-cart/:cartId', placeholder),
    route('checkout-complete', 'checkout/complete', placeholder),
    route('checkout-pending', 'checkout/pending/:cartId', placeholder),
    route('checkout', 'checkout/:cartId?', placeholder),
    route('membership-redeem', 'membership/redeem', placeholder),
    route('membership', 'membership/:action?', placeholder),
    route('resend', 'resend', placeholder),
    route('logout', 'logout', placeholder),
    route('forgot-membership', 'user/forgot-membership', placeholder),
    route('forgot-password', 'user/forgot-password', placeholder),
    route('reset-password', 'user/reset-password', placeholder),
    route('set-email-address', 'user/set-email-address', placeholder),
    route('cancel-auto-renew', 'manage/:ticketOrderId/cancel-auto-renew', placeholder),
    route('manage', 'manage/:id', placeholder),
    {
      path: 'my',
      handle: { name: 'my' } satisfies RouteHandle,
      children: [
        { index: true, lazy: placeholder },
        ...[
          'membership',
          'profile',
          'upcoming',
          'upcoming/session/:id',
          'orders',
          'orders/:id',
        ].map((path): RouteObject => ({ path, lazy: placeholder })),
      ],
    },
    route('ticket-order', 'ticket_order/:id', placeholder),
  ];
  if (loginPath) routes.push(route('login', loginPath, placeholder));
  // spec: identity §2 — the developer viewer exists only outside production
  if (config.environment !== 'production') routes.push(route('stories', '_stories', placeholder));
  return routes;
}

/** spec: identity §2 route table. Every screen is a lazily loaded chunk (shopping §1). */
export function createRoutes(config: SellerConfig): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      HydrateFallback: BootFallback,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: home, handle: { name: 'home' } satisfies RouteHandle },
            route('events', 'events', listing),
            route('event', 'events/:id', event),
            route('event', 'events/:id/:action', event),
            ...placeholderRoutes(config),
            route(ERROR_ROUTE_NAME, 'error/404', notFound),
            route(ERROR_ROUTE_NAME, '*', notFound),
          ],
        },
      ],
    },
  ];
}

/** The router base is the seller slug (identity §2). */
export function routerBasename(config: SellerConfig): string {
  return `/${config.seller.slug}`;
}

export function createAppRouter(config: SellerConfig) {
  return createBrowserRouter(createRoutes(config), { basename: routerBasename(config) });
}
