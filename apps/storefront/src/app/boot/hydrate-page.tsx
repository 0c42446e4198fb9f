import { hydrateRoot } from 'react-dom/client';
import type { HydrationOptions, Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { getMemberState } from '@/stores/member-store';
import { holdStoredValues } from '@/stores/persisted-store';
import { takeInitialRead } from '@/api/initial-reads';
import { seedServerRenderedPage } from '@/app/boot/page-seeds';
import { serverViewportOf } from '@/app/boot/server-render';
import { createQueryClient } from '@/app/query-client';
import { routerBasename } from '@/app/router';
import { StorefrontApp } from '@/app/storefront-app';

/**
 * Hydrates a page the host sent rendered (decision 0044), from the state the server rendered
 * with: the config, a query cache seeded from the HTML's reads, and nothing of the visitor
 * (stores and media queries answer as on the server in the hydration pass, then update).
 * Returns the root, or null when the page is not to be hydrated — no server markup, or a
 * logged-in visitor, who reads live rather than the public reads the server drew with: the
 * caller then renders anew.
 */
export async function hydrateServerRenderedPage(
  container: HTMLElement,
  config: SellerConfig,
  options: Pick<HydrationOptions, 'onRecoverableError'> = {},
): Promise<Root | null> {
  const rendered = container.getAttribute(SERVER_RENDER_ATTRIBUTE);
  if (rendered === null || getMemberState().loggedIn) return null;
  const base = routerBasename(config);
  const { pathname } = window.location;
  const below = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const queryClient = createQueryClient();
  const seeded = await seedServerRenderedPage(below, {
    queryClient,
    config,
    read: takeInitialRead,
  }).catch(() => false);
  if (!seeded) return null;
  // released by the page once it has hydrated (app/router.tsx `PageHydrated`)
  holdStoredValues();
  return hydrateRoot(
    container,
    <StorefrontApp
      config={config}
      queryClient={queryClient}
      serverViewport={serverViewportOf(rendered)}
      Router={BrowserRouter}
    />,
    options,
  );
}
