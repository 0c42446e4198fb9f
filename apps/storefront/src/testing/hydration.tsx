import { prerender } from 'react-dom/static';
import { vi } from 'vitest';
import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import { SERVER_VISITOR_SCRIPT_ID, type ServerVisitor } from '@admit/contracts/server-render';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { makeSellerConfig } from '@/testing/seller-config';

/** Tests of server-drawn pages (decisions 0044, 0045): the host's render, then the browser's hydration. */

export const config = makeSellerConfig();
const SLUG = config.seller.slug;

const ONE_REALM_WARNING = 'Detected multiple renderers concurrently rendering the same context';

export const waitFor = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5000 });

let mounted: { unmount: () => void } | null = null;

/** Unmounts the page and forgets the visit; every file using the harness calls it afterEach. */
export function cleanUpHydration(): void {
  mounted?.unmount();
  mounted = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
}

/**
 * What the host and the browser do with a server-rendered page (decision 0044): the SSR entry
 * renders the URL from the reads, the markup goes into the root with the reads beside it, and
 * the browser hydrates. Every recoverable error (a hydration mismatch among them) and every
 * console error is collected.
 */
export async function renderThenHydrate(
  url: string,
  reads: Record<string, unknown>,
  storage: Record<string, unknown> = {},
  visitor?: ServerVisitor,
) {
  const text = Object.fromEntries(Object.entries(reads).map(([a, b]) => [a, JSON.stringify(b)]));
  // each page is a fresh visit: the storefront's modules (stores, lazy routes, the reads taken
  // from the page) start anew, as in a new browser tab
  vi.resetModules();
  const { renderPage } = await import('@/entry-server');
  const { hydrateServerRenderedPage } = await import('@/app/boot/hydrate-page');
  const { setSellerSlug } = await import('@/config/seller-slug');
  const { html, priorityImages } = await renderPage({
    url,
    config,
    reads: text,
    mobile: false,
    visitor,
  });
  // React's server renderer leaves the last task's context values on the context objects until
  // its next render starts (harmless on a server, where no browser renderer reads them); the
  // router's, seen by the hydration below in this one realm, would read as "inside a router"
  await prerender(<></>);
  // the visitor's browser: what it keeps is there only now (a server has no storage)
  for (const [key, value] of Object.entries(storage))
    localStorage.setItem(key, JSON.stringify(value));

  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDER_ATTRIBUTE, 'desktop');
  container.innerHTML = html;
  document.body.append(container);
  const script = document.createElement('script');
  script.id = INITIAL_READS_SCRIPT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(reads);
  document.body.append(script);
  if (visitor) {
    const drawnFor = document.createElement('script');
    drawnFor.id = SERVER_VISITOR_SCRIPT_ID;
    drawnFor.type = 'application/json';
    drawnFor.textContent = JSON.stringify(visitor);
    document.body.append(drawnFor);
  }
  const consoleErrors: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => {
    // React's development check that one context is not rendered by two renderers at once:
    // its marker is left by the server render above, which a browser never shares a realm with
    if (String(args[0]).startsWith(ONE_REALM_WARNING)) return;
    consoleErrors.push(args);
  });
  const recoverable: unknown[] = [];
  // React is driven as in a browser, not through act()
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
  setSellerSlug(SLUG);
  mounted = await hydrateServerRenderedPage(container, config, {
    onRecoverableError: (error) => void recoverable.push(error),
  });
  return {
    html,
    priorityImages,
    hydrated: mounted !== null,
    recoverable,
    consoleErrors,
    container,
  };
}
