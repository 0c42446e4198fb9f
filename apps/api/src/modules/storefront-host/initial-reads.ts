import type { FastifyInstance } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { eventDetailRead, listingRead, readAddress } from '@admit/contracts/initial-reads';
import type { ReadQuery } from '@admit/contracts/initial-reads';
import { preloadedPageOf } from '@admit/contracts/storefront-pages';

/**
 * An API read through its own route (`app.inject`), as the storefront would make it: the same
 * body, keyed by the address it would fetch; `cookie` makes it the visitor's own (decision 0045).
 * Anything but a 200 is left out: the page then reads for itself and shows what the API says.
 */
export async function injectRead(
  app: FastifyInstance,
  address: string,
  cookie?: string,
): Promise<Record<string, string>> {
  return (await injectReadWithStatus(app, address, cookie)).reads;
}

/** `injectRead`, and the status the API answered. */
async function injectReadWithStatus(
  app: FastifyInstance,
  address: string,
  cookie?: string,
): Promise<{ reads: Record<string, string>; status: number }> {
  const response = await app.inject({
    method: 'GET',
    url: address,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
    },
  });
  const reads = response.statusCode === 200 ? { [address]: response.body } : {};
  return { reads, status: response.statusCode };
}

/**
 * One read answered inside the HTML (issue #13; decision 0033 "Update: the first read in the
 * HTML"): the public cache path's own answer — through the same route, so the same body and its
 * in-process cache. A logged-in visitor reads live and ignores it.
 */
export function cachedRead(
  app: FastifyInstance,
  sellerSlug: string,
  read: { path: string; query: ReadQuery },
): Promise<Record<string, string>> {
  return injectRead(app, readAddress(read.path, read.query, true, sellerSlug));
}

/**
 * The event page's first read (GET events/{id} with its embeds), and whether its event is missing: the API's 404, or 400 for an
 * id it cannot read (shopping §7 "404 or 400 means not found"), makes the page a 404 page.
 */
export async function eventPageReads(
  app: FastifyInstance,
  sellerSlug: string,
  eventId: string,
): Promise<{ reads: Record<string, string>; notFound: boolean }> {
  const read = eventDetailRead(eventId);
  const address = readAddress(read.path, read.query, true, sellerSlug);
  const { reads, status } = await injectReadWithStatus(app, address);
  return { reads, notFound: status === 404 || status === 400 };
}

/**
 * The reads a page below the seller base starts with: the event page its event, the listing
 * the unfiltered list (which it server-renders from, decision 0044); none for other pages.
 */
export async function pageInitialReads(
  app: FastifyInstance,
  sellerSlug: string,
  path: string,
  eventId: string | undefined,
): Promise<{ reads: Record<string, string>; notFound: boolean }> {
  const page = preloadedPageOf(path)?.name;
  if (eventId) return eventPageReads(app, sellerSlug, eventId);
  // an event page whose id is not an id at all: the API would answer 400, not found
  if (page === 'event') return { reads: {}, notFound: true };
  if (page === 'events') {
    return { reads: await cachedRead(app, sellerSlug, listingRead()), notFound: false };
  }
  return { reads: {}, notFound: false };
}
