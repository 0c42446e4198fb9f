import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventDetailRead, listingRead, readAddress } from '@admit/contracts/initial-reads';
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
import { cleanUpHydration, config, renderThenHydrate, waitFor } from '@/testing/hydration';
import { listingBody } from '@/features/listing/listing-test-kit';

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

afterEach(cleanUpHydration);

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
