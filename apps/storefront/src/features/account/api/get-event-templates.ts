import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventTemplatesRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';

/**
 * GET event_template, cached (identity §7: id._in, embed meta and venue): the events of the
 * account's tickets, for their images and the venue's time zone.
 */
export function getEventTemplates(ids: string[], signal?: AbortSignal) {
  return call(eventTemplatesRoute, {
    cached: true,
    query: { 'id._in': ids.join(','), _embed: 'meta,venue' },
    signal,
  });
}

export function eventTemplatesQueryOptions(ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: ['event_template', sorted] as const,
    queryFn: ({ signal }) => getEventTemplates(sorted, signal),
  });
}

/** Nothing is asked for no events; a failed read leaves the pages without images. */
export function useEventTemplates(ids: string[]) {
  return useQuery({ ...eventTemplatesQueryOptions(ids), enabled: ids.length > 0 });
}
