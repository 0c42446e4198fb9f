import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import type { Meta } from '@admit/contracts/resources';
import {
  FIXTURE_SELLER_ID,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { FIXTURE_CART_ID, FIXTURE_IDENTITY_ID, makeTicket } from '@/testing/cart-fixtures';

export const ORDER_ID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';

/** A paid order of the fixture cart: one booked and one cancelled ticket of General Admission. */
export function orderBundle(id = ORDER_ID, number = 'A-1001', meta: Meta[] = []) {
  const body: OrderBundle = {
    ticket_order: toCollection([
      {
        id,
        order_number: number,
        cart_id: FIXTURE_CART_ID,
        identity_id: FIXTURE_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'ada@example.org',
        created_at: '2026-06-01T14:00:00.000Z',
      },
    ]),
    ticket_order_fees: toCollection([]),
    ticket: toCollection([
      {
        ...makeTicket({ state: 'booked', ticket_order_id: id, admit_name: 'Ada' }),
        scan_code: 'SC-1',
      },
      { ...makeTicket({ state: 'cancelled', ticket_order_id: id }), scan_code: 'SC-2' },
    ]),
    ticket_group: toCollection([makeTicketGroup()]),
    ticket_type: toCollection([makeTicketType({ name: 'Adult' })]),
    event_template: toCollection([makeEventTemplate({ name: 'General Admission' })]),
    event_session: toCollection([]),
    meta: toCollection(meta),
  };
  return body;
}
