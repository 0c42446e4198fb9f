import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { setApiSeller } from '@/api/client';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createRoutes, routerBasename } from '@/app/router';
import { createFetchStub } from '@/testing/fetch-stub';
import type { FetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';

export interface RenderRouteOptions {
  config?: SellerConfig;
  /** answers the API calls; defaults to a stub that has no fixtures (everything 404) */
  fetch?: FetchStub | typeof fetch;
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
  setApiSeller(config.seller.slug);

  const basename = routerBasename(config);
  const entry =
    path === basename || path.startsWith(`${basename}/`) || path.startsWith(`${basename}?`)
      ? path
      : `${basename}${path}`;
  const router = createMemoryRouter(createRoutes(config), { initialEntries: [entry], basename });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user, config, fetch: fetchImpl };
}
