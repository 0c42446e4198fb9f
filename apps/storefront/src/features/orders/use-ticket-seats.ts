import { useQueries } from '@tanstack/react-query';
import type { Ticket } from '@admit/contracts/cart';
import { seatLabel } from '@admit/contracts/seat-map';
import { seatMapQueryOptions } from '@/api/seats/get-seat-map';

/**
 * The seat of each seated ticket of an order, labelled as the API names a seat ("Stalls, Row F,
 * seat 5", decision 0052). Tickets carry only `seat_template_id` (decision 0052 "Cart wire"), so
 * the names come from each session's seat map, read once per session that sold seats.
 */
export function useTicketSeats(
  tickets: readonly Pick<Ticket, 'event_template_id' | 'event_session_id' | 'seat_template_id'>[],
): ReadonlyMap<string, string> {
  const sessions = new Map<string, { eventId: string; sessionId: string }>();
  for (const ticket of tickets) {
    if (!ticket.seat_template_id || !ticket.event_session_id) continue;
    sessions.set(ticket.event_session_id, {
      eventId: ticket.event_template_id,
      sessionId: ticket.event_session_id,
    });
  }
  const maps = useQueries({
    queries: [...sessions.values()].map(({ eventId, sessionId }) =>
      seatMapQueryOptions(eventId, sessionId),
    ),
  });
  const labels = new Map<string, string>();
  for (const { data } of maps) {
    for (const seat of data?.seat._data ?? []) {
      labels.set(seat.id, seatLabel(seat));
    }
  }
  return labels;
}
