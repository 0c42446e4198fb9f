import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { listingRead, readAddress } from '@admit/contracts/initial-reads';
import type { RoutePrefetch, RouteSeed } from '@/api/route-prefetch';
import { availableEventsQueryOptions } from '@/features/listing/api/get-available-events';
import { unfilteredEventsQuery } from '@/features/listing/model/available-events-query';

/** /events: the unfiltered list, which every listing reads (its category choices). */
export const prefetchListing: RoutePrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(availableEventsQueryOptions(unfilteredEventsQuery()));
};

/**
 * /events server-rendered: the unfiltered list from the HTML, unparsed as `getAvailableEvents`
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
