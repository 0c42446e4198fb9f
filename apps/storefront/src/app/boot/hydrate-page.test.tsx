import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventDetailRead, listingRead, readAddress } from '@admit/contracts/initial-reads';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { cartStorageKey } from '@/stores/cart-store';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { FIXTURE_CART_ID, cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import { makeSellerConfig } from '@/testing/seller-config';
import { listingBody } from '@/features/listing/listing-fixtures';

const config = makeSellerConfig();
const SLUG = config.seller.slug;
const EVENT_ID = fixtureId(1);

const eventBody = eventTemplateBody({
  event_template: [
    makeEventTemplate({
      id: EVENT_ID,
      name: 'General Admission',
      description:
        '<p>Walk through <a href="https://example.org" target="_blank">the hall</a>.</p>',
    }),
  ],
  meta: [makeMeta(EVENT_ID, 'image_cover', '/api/image/demo-museum/hall.jpg')],
  venue: [makeVenue()],
  ticket_group: [makeTicketGroup({ id: fixtureId(100), event_template_id: EVENT_ID })],
  ticket_type: [makeTicketType({ id: fixtureId(201), name: 'Adult' })],
});

const PAGES = [
  {
    name: 'listing',
    url: `/${SLUG}/events`,
    read: listingRead(),
    body: listingBody(),
    shows: 'Events',
    title: `Events - ${config.product_name}`,
  },
  {
    name: 'event',
    url: `/${SLUG}/events/${EVENT_ID}`,
    read: eventDetailRead(EVENT_ID),
    body: eventBody,
    shows: 'General Admission',
    title: `General Admission - ${config.product_name}`,
  },
];

// the lazy routes' modules, transformed once up front (the first render would wait for them)
beforeAll(async () => {
  await Promise.all([import('@/app/routes/listing-route'), import('@/app/routes/event-route')]);
});

const ONE_REALM_WARNING = 'Detected multiple renderers concurrently rendering the same context';

const waitFor = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5000 });

let mounted: { unmount: () => void } | null = null;

afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
});

/**
 * What the host and the browser do with a server-rendered page (decision 0044): the SSR entry
 * renders the URL from the reads, the markup goes into the root with the reads beside it, and
 * the browser hydrates. Every recoverable error (a hydration mismatch among them) and every
 * console error is collected.
 */
async function renderThenHydrate(
  url: string,
  reads: Record<string, unknown>,
  storage: Record<string, unknown> = {},
) {
  const text = Object.fromEntries(Object.entries(reads).map(([a, b]) => [a, JSON.stringify(b)]));
  // each page is a fresh visit: the storefront's modules (stores, lazy routes, the reads taken
  // from the page) start anew, as in a new browser tab
  vi.resetModules();
  const { renderPage } = await import('@/entry-server');
  const { hydrateServerRenderedPage } = await import('@/app/boot/hydrate-page');
  const { setSellerSlug } = await import('@/config/seller-slug');
  const { html, priorityImages } = await renderPage({ url, config, reads: text, mobile: false });
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

describe.each(PAGES)('server render and hydration of the $name page', (page) => {
  const address = readAddress(page.read.path, page.read.query, true, SLUG);

  it('renders the page from its reads and hydrates it without a mismatch', async () => {
    const fetch = createFetchStub({});
    vi.stubGlobal('fetch', fetch);
    const run = await renderThenHydrate(page.url, { [address]: page.body });
    expect(run.html).toContain(page.shows);
    expect(run.html).not.toContain('aria-busy');
    // all in place, nothing for an inline script to reveal (the page's CSP refuses them)
    expect(run.html).not.toContain('<script');
    expect(run.html).not.toMatch(/<div hidden id="S:/);
    // its largest image, for the host's preload: the first one drawn, as its AVIF source names it
    expect(run.priorityImages).toHaveLength(1);
    const [largest] = run.priorityImages ?? [];
    expect(largest!.type).toBe('image/avif');
    const firstSource = /<source type="image\/avif" srcSet="([^"]+)"/.exec(run.html)?.[1];
    expect(firstSource?.replaceAll('&amp;', '&')).toBe(largest!.srcSet);
    expect(run.hydrated).toBe(true);
    // the page's effects ran: it was hydrated, not left as server markup
    await waitFor(() => expect(document.title).toBe(page.title));
    expect(run.recoverable).toEqual([]);
    expect(run.consoleErrors).toEqual([]);
    // the read came from the page, never from the network
    expect(fetch.requests.map((r) => r.url.pathname)).not.toContain(
      new URL(address, 'http://x').pathname,
    );
  });

  it('hydrates as the server rendered for a visitor with a held cart, then shows the cart', async () => {
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': cartBundle({ ticket: [makeTicket()] }),
    });
    vi.stubGlobal('fetch', fetch);
    const run = await renderThenHydrate(
      page.url,
      { [address]: page.body },
      { [cartStorageKey(SLUG)]: { cartId: FIXTURE_CART_ID, localExpiresAt: Date.now() + 600_000 } },
    );
    expect(run.hydrated).toBe(true);
    // after hydration the stored cart is read: its bundle is fetched
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname === `/api/my/cart/${FIXTURE_CART_ID}`)).toBe(
        true,
      ),
    );
    expect(run.recoverable).toEqual([]);
    expect(run.consoleErrors).toEqual([]);
  });
});

it("keeps a listing larger than React's progressive chunk in place (no script reveals it)", async () => {
  const body = listingBody();
  // forty more events: the markup is far over the 12.8 kB React would otherwise move out
  for (let i = 0; i < 40; i += 1) {
    body.event_template._data.push(
      makeEventTemplate({
        id: fixtureId(300 + i),
        name: `Evening lecture ${i + 1}`,
        summary: 'An hour with a curator on the collection, its history and its makers.',
        category: 'Talks',
        rank: 10 + i,
      }),
    );
  }
  vi.stubGlobal('fetch', createFetchStub({}));
  const address = readAddress(listingRead().path, listingRead().query, true, SLUG);
  const run = await renderThenHydrate(`/${SLUG}/events`, { [address]: body });
  expect(run.html.length).toBeGreaterThan(12_800);
  expect(run.html).toContain('Evening lecture 40');
  expect(run.html).not.toContain('<script');
  expect(run.hydrated).toBe(true);
  expect(run.recoverable).toEqual([]);
});
