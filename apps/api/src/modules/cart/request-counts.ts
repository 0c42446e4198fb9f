import type { CartModifyBody } from '@admit/contracts/cart';
import { MAX_CALENDAR_TICKET_TYPES, MAX_TICKETS_PER_TYPE } from '@admit/contracts/constants';
import { AppError } from '@/http/app-error';

/**
 * A bound on one modify's tickets in all, so that a huge body is refused before it is expanded
 * into one array entry per ticket: the per-type cap times 10 types, the most one reserve form
 * offers ("You can only select up to 10 different types of tickets", shopping §5, §9). A real
 * form never reaches it before the per-type cap; without it, many types of 1000 each would
 * still expand into an unbounded array.
 */
const MAX_TICKETS_PER_REQUEST = MAX_TICKETS_PER_TYPE * MAX_CALENDAR_TICKET_TYPES;

/**
 * spec: shopping §5 "Default cap 1000 per type": the body's tickets of each type at each session
 * (its `add` quantities and `reserve.tickets` together) may not pass 1000, keyed as the order
 * rule `checkOrderLimits` counts them (reserve.ts), so one modify is never refused for what two
 * would be allowed; then the bound in all. Counted from the body, before anything is expanded.
 */
export function checkRequestedCounts(body: CartModifyBody) {
  const perType = new Map<string, { ticketTypeId: string; sessionId: string | null; n: number }>();
  const count = (ticketTypeId: string, sessionId: string | undefined, n: number) => {
    const key = `${ticketTypeId}|${sessionId ?? ''}`;
    const entry = perType.get(key) ?? { ticketTypeId, sessionId: sessionId ?? null, n: 0 };
    entry.n += n;
    perType.set(key, entry);
  };
  for (const line of body.add ?? []) {
    for (const required of line.ticket_types_required) {
      count(required.ticket_type_id, line.event_session_id, required.quantity);
    }
  }
  for (const t of body.reserve?.tickets ?? []) count(t.ticket_type_id, t.event_session_id, 1);
  let asked = 0;
  for (const { ticketTypeId, sessionId, n } of perType.values()) {
    if (n > MAX_TICKETS_PER_TYPE) {
      throw new AppError(
        'max_tickets_per_order_exceeded',
        'reserve',
        `At most ${MAX_TICKETS_PER_TYPE} tickets of one type can be reserved at once`,
        {
          ticket_type_id: ticketTypeId,
          event_session_id: sessionId,
          max: MAX_TICKETS_PER_TYPE,
          requested: n,
        },
      );
    }
    asked += n;
  }
  if (asked > MAX_TICKETS_PER_REQUEST) {
    throw new AppError(
      'max_tickets_per_order_exceeded',
      'reserve',
      `At most ${MAX_TICKETS_PER_REQUEST} tickets can be reserved at once`,
      { max: MAX_TICKETS_PER_REQUEST, requested: asked },
    );
  }
}
