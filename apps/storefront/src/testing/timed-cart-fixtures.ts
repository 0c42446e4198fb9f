import type { CartBundle } from '@admit/contracts/cart';
import {
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeEventSession, makeTicket } from '@/testing/cart-fixtures';

/** The event of `cartWithTimedItem`: another event than every reserve-form fixture's. */
export const TIMED_ITEM_EVENT_ID = fixtureId(9);

/** A cart holding one ticket of a "Planetarium Show" session from `start` to `end` (ISO). */
export function cartWithTimedItem(start: string, end: string): CartBundle {
  return cartBundle({
    event_template: [makeEventTemplate({ id: TIMED_ITEM_EVENT_ID, name: 'Planetarium Show' })],
    ticket_group: [makeTicketGroup({ id: fixtureId(109), event_template_id: TIMED_ITEM_EVENT_ID })],
    ticket_type: [makeTicketType({ id: fixtureId(209), ticket_group_id: fixtureId(109) })],
    event_session: [
      makeEventSession({
        id: fixtureId(309),
        event_template_id: TIMED_ITEM_EVENT_ID,
        start_datetime: start,
        end_datetime: end,
      }),
    ],
    ticket: [
      makeTicket({
        event_template_id: TIMED_ITEM_EVENT_ID,
        ticket_group_id: fixtureId(109),
        ticket_type_id: fixtureId(209),
        event_session_id: fixtureId(309),
      }),
    ],
  });
}
