import { eventTemplateResponseSchema } from '@admit/contracts/catalog';
import { eventDetailRead, readAddress } from '@admit/contracts/initial-reads';
import type { RoutePrefetch, RouteSeed } from '@/api/route-prefetch';
import { eventQueryOptions } from '@/api/events/get-event';

/** /events/{id}: the event read the page opens with (its cover, title and groups). */
export const prefetchEvent: RoutePrefetch = ({ queryClient, params }) => {
  if (params.id) void queryClient.prefetchQuery(eventQueryOptions(params.id));
};

/** /events/{id} server-rendered: the event read from the HTML, parsed as `getEvent` parses it. */
export const seedEvent: RouteSeed = ({ queryClient, params, config, read }) => {
  if (!params.id) return;
  const { path, query } = eventDetailRead(params.id);
  const body = read(readAddress(path, query, true, config.seller.slug));
  if (body === undefined) return;
  queryClient.setQueryData(
    eventQueryOptions(params.id).queryKey,
    eventTemplateResponseSchema.parse(body),
  );
};
