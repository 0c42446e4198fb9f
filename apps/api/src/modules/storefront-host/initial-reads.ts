import type { FastifyInstance } from 'fastify';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { eventDetailRead, readAddress } from '@admit/contracts/initial-reads';

/**
 * The event page's first read, answered inside its HTML (issue #13; decision 0033 "Update: the
 * first read in the HTML"): the public cache path's own answer — through the same route, so
 * the same body and its in-process cache — keyed by the address the storefront would fetch.
 * A logged-in visitor reads live and ignores it. Anything but a 200 is left out: the page
 * then reads for itself and shows what the API says.
 */
export async function eventInitialReads(
  app: FastifyInstance,
  sellerSlug: string,
  eventId: string,
): Promise<Record<string, string>> {
  const { path, query } = eventDetailRead(eventId);
  const address = readAddress(path, query, true, sellerSlug);
  const response = await app.inject({
    method: 'GET',
    url: address,
    headers: { [APP_HEADER]: APP_HEADER_VALUE, accept: 'application/json' },
  });
  return response.statusCode === 200 ? { [address]: response.body } : {};
}
