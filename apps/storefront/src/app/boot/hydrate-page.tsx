import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { HydrationOptions, Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { SERVER_VISITOR_SCRIPT_ID, type ServerVisitor } from '@admit/contracts/server-render';
import { getMemberState } from '@/stores/member-store';
import { holdStoredValues } from '@/stores/persisted-store';
import { takeInitialRead } from '@/api/initial-reads';
import { seedServerRenderedPage } from '@/app/boot/page-seeds';
import { serverViewportOf } from '@/app/boot/server-render';
import { createQueryClient } from '@/app/query-client';
import { routerBasename } from '@/app/router';
import { StorefrontApp } from '@/app/storefront-app';

/** What the host knew of the visitor when it drew a private page (decision 0045), if it did. */
function readServerVisitor(): ServerVisitor | null {
  const text = document.getElementById(SERVER_VISITOR_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerVisitor;
  } catch {
    return null;
  }
}

/**
 * Hydrates a page the host sent rendered (decision 0044), from the state the server rendered
 * with: the config, a query cache seeded from the HTML's reads, and of the visitor only what the
 * HTML says the server knew (a private page's cart or order proofs, decision 0045); stores and
 * media queries answer as on the server in the hydration pass, then update. Returns the root, or
 * null when the page is not to be hydrated — no server markup, a logged-in visitor (who reads
 * live rather than the public reads the server drew with), or a browser whose own cart or proofs
 * disagree with the server's: the caller then renders anew.
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
  const visitor = readServerVisitor();
  const seeded = await seedServerRenderedPage(below, {
    queryClient,
    config,
    read: takeInitialRead,
    search: new URLSearchParams(window.location.search),
    visitor,
    side: 'browser',
  }).catch(() => false);
  if (!seeded) return null;
  // released by the page once it has hydrated (app/router.tsx `PageHydrated`)
  holdStoredValues();
  // a transition: React hydrates in slices and lets the browser in between, where a default
  // update would hydrate the whole page in one long task (the checkout's form on a phone: TBT,
  // issue #13). The page is already painted and shows what it will; only its handlers wait.
  let root: Root | null = null;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StorefrontApp
        config={config}
        queryClient={queryClient}
        serverViewport={serverViewportOf(rendered)}
        serverVisitor={visitor}
        Router={BrowserRouter}
      />,
      options,
    );
  });
  return root;
}
