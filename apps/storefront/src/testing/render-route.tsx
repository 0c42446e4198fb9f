import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { Location, NavigateFunction, NavigationType } from 'react-router';
import { vi } from 'vitest';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { setRouterBase, setSellerSlug } from '@/config/seller-slug';
import { setUpAddressLookup } from '@/app/boot/address-provider';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes, createRoutes, routerBasename } from '@/app/router';
import { routeNamesFor } from '@/ui/routing/route-handle';
import { createFetchStub } from '@/testing/fetch-stub';
import type { FetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';

export interface RenderRouteOptions {
  config?: SellerConfig;
  /** answers the API calls; defaults to a stub that has no fixtures (everything 404) */
  fetch?: FetchStub | typeof fetch;
}

/** What tests read of the router: the address with the seller base, as the browser shows it. */
export interface TestRouter {
  state: {
    location: Location;
    historyAction: NavigationType;
    matches: { route: { handle: { name: string } } }[];
  };
  navigate: (to: string) => Promise<void>;
  subscribe: (listener: (state: TestRouter['state']) => void) => () => void;
}

function createTestRouter(basename: string, routes: ReturnType<typeof createRoutes>) {
  const listeners = new Set<(state: TestRouter['state']) => void>();
  let navigateFn: NavigateFunction | null = null;
  const router: TestRouter = {
    state: {
      location: { pathname: basename, search: '', hash: '', state: null, key: 'default' },
      historyAction: 'POP' as NavigationType,
      matches: [],
    },
    navigate: async (to) => {
      await act(async () => {
        await navigateFn?.(to);
      });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** Sits inside the router and mirrors its state into `router`. */
  function RouterProbe() {
    const location = useLocation();
    const historyAction = useNavigationType();
    navigateFn = useNavigate();
    const pathname = location.pathname === '/' ? basename : `${basename}${location.pathname}`;
    const names = routeNamesFor(routes, location.pathname);
    const next = {
      location: { ...location, pathname },
      historyAction,
      matches: names.map((name) => ({ route: { handle: { name } } })),
    };
    if (next.location.key !== router.state.location.key || router.state.matches.length === 0) {
      router.state = next;
      listeners.forEach((listener) => listener(next));
    }
    return null;
  }
  return { router, RouterProbe };
}

/**
 * Renders a whole route as the visitor gets it: the real route table in a memory history under
 * the seller base, with the real providers. `path` is relative to the seller ("/events"); a path
 * that already starts with "/{slug}" is used as is. Lazy routes load asynchronously, so query the
 * page with `findBy…`.
 */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const config = options.config ?? makeSellerConfig();
  const fetchImpl = options.fetch ?? createFetchStub();
  vi.stubGlobal('fetch', fetchImpl);
  setSellerSlug(config.seller.slug);
  setRouterBase(config.router_base);

  const basename = routerBasename(config);
  const entry =
    path === basename || path.startsWith(`${basename}/`) || path.startsWith(`${basename}?`)
      ? path
      : `${basename}${path}`;
  // the browser's address is the page's, as a visitor's is: document.cookie shows the cookies of
  // the seller's pages (Path=/{slug}, stores/page-cookie.ts) only under that path
  window.history.replaceState(null, '', entry);
  const routes = createRoutes(config);
  const { router, RouterProbe } = createTestRouter(basename, routes);
  // a tiny retry wait: a read that fails with a 502 retries without the real 1.75 s
  const queryClient = createQueryClient({ retryBaseMs: 1 });
  setUpAddressLookup(queryClient);
  const user = userEvent.setup();
  const result = render(
    <AppProviders config={config} queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]} basename={basename}>
        <RouterProbe />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, router, queryClient, user, config, fetch: fetchImpl };
}
