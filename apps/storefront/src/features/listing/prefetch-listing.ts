import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { listingRead, readAddress } from '@admit/contracts/initial-reads';
import type { RouteSeed } from '@/api/route-prefetch';
import { availableEventsQueryOptions } from '@/features/listing/api/get-available-events';
import { unfilteredEventsQuery } from '@/features/listing/model/available-events-query';

/**
 * /events server-rendered (the page's module in contracts/storefront-pages.ts, so its chunk is
 * preloaded with the HTML): the unfiltered list from the HTML, unparsed as `getAvailableEvents`
 * leaves it (zod stays out of the listing's first load).
 */
export const seedListing: RouteSeed = ({ queryClient, config, read }) => {
  const { path, query } = listingRead();
  const body = read(readAddress(path, query, true, config.seller.slug));
  if (body === undefined) return;
  queryClient.setQueryData(
    availableEventsQueryOptions(unfilteredEventsQuery()).queryKey,
    body as EventTemplateResponse,
  );
};
