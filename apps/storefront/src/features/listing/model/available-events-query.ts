import type { ListingFilters } from '@/features/listing/model/listing-filters';
import { listingRead } from '@admit/contracts/initial-reads';
import { sellerDate } from '@/features/listing/model/seller-date';

export type AvailableEventsQuery = Record<string, string>;

/**
 * Turns the URL filters into the query of GET events/available (shopping §7). `now` and the
 * seller time zone resolve "today"/"tomorrow" into `_ondate`.
 */
export function toAvailableEventsQuery(
  filters: ListingFilters,
  clock: { now: Date; timeZone: string },
): AvailableEventsQuery {
  const query: AvailableEventsQuery = { ...listingRead().query };
  if (filters.categories.length > 0) query['category._in'] = filters.categories.join(',');
  for (const { key, values } of filters.meta) query[`meta.${key}._in`] = values.join(',');
  if (filters.date === 'today') query._ondate = sellerDate(clock.now, clock.timeZone);
  else if (filters.date === 'tomorrow') query._ondate = sellerDate(clock.now, clock.timeZone, 1);
  else if (filters.date) query._ondate = filters.date.on;
  if (filters.timeStart) query['event_session.start_datetime._gte'] = filters.timeStart;
  if (filters.timeEnd) query['event_session.start_datetime._lt'] = filters.timeEnd;
  return query;
}

/** The unfiltered list, from which the category filter takes its categories (shopping §2). */
export function unfilteredEventsQuery(): AvailableEventsQuery {
  return listingRead().query;
}
