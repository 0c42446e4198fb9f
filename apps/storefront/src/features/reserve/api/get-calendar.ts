import { queryOptions } from '@tanstack/react-query';
import { extendedCalendarDays, type CalendarDay } from '@admit/contracts/availability';
import { calendarRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';
import { cachedReadAllowed } from '@/api/read-audience';

export interface CalendarParams {
  eventId: string;
  /** the `tg` filter (ticket_group_id._in) */
  ticketGroupIds: readonly string[];
  /** exclusive horizon YYYY-MM-DD: start of the month one year ahead (shopping §9) */
  before: string;
}

/**
 * GET events/{id}/calendar?_format=extended (shopping §7): the bookable days, read from the
 * cache path since a day's status moves slowly (live when logged in: a members-only event's
 * calendar is the members'); the sessions themselves are read live.
 */
export async function getCalendar(
  params: CalendarParams,
  signal?: AbortSignal,
): Promise<CalendarDay[]> {
  const body = await call(calendarRoute, {
    params: { eventId: params.eventId },
    cached: cachedReadAllowed(),
    query: {
      _format: 'extended',
      'start_datetime._lt': params.before,
      'ticket_group_id._in': params.ticketGroupIds.length
        ? params.ticketGroupIds.join(',')
        : undefined,
    },
    signal,
  });
  return extendedCalendarDays(body);
}

export function calendarQueryOptions(params: CalendarParams) {
  return queryOptions({
    queryKey: [
      'events',
      params.eventId,
      'calendar',
      params.ticketGroupIds.join(','),
      params.before,
    ] as const,
    queryFn: ({ signal }) => getCalendar(params, signal),
  });
}
