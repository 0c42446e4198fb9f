import type { RoutePrefetch } from '@/api/route-prefetch';
import { eventQueryOptions } from '@/api/events/get-event';

/** /events/{id}: the event read the page opens with (its cover, title and groups). */
export const prefetchEvent: RoutePrefetch = ({ queryClient, params }) => {
  if (params.id) void queryClient.prefetchQuery(eventQueryOptions(params.id));
};
