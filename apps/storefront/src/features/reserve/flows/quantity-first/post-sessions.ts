import type { SessionsResponse } from '@admit/contracts/availability';
import { sessionsForSelectionRoute } from '@admit/contracts/routes/availability';
import { call } from '@/api/client';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { toSelectionBody } from '@/features/reserve/flows/quantity-first/post-calendar';

/**
 * POST /api/events/{id}/sessions?_ondate=…&_sort=start_datetime&_include_sold_out=true
 * (shopping §7): the day's sessions priced for the selected quantities, sold-out ones included
 * so the picker can show them disabled.
 */
export function postSessions(
  eventId: string,
  date: string,
  quantities: Quantities,
): Promise<SessionsResponse> {
  return call(sessionsForSelectionRoute, {
    params: { eventId },
    query: { _ondate: date, _sort: 'start_datetime', _include_sold_out: 'true' },
    body: toSelectionBody(quantities),
  });
}
