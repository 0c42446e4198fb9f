import type { Ticket } from '@admit/contracts/cart';
import type { CheckoutResponse } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import type {
  OrderEdit,
  OrderEditResponse,
  OrderManage,
  OrderManageResponse,
  TicketManage,
} from '@admit/contracts/manage';
import type { SellerConfig } from '@admit/contracts/seller-config';
import {
  FIXTURE_SELLER_ID,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import {
  cartBundle,
  FIXTURE_IDENTITY_ID,
  makeEventSession,
  makeTicket,
} from '@/testing/cart-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

/** Fixtures of the manage page tests (identity §2 "Manage order", "Cancel free order"). */
export const ORDER_ID = '3f6c2a1e-9b8d-4c7e-a5f4-1d2e3c4b5a69';
export const SECRET = 'secret-of-the-order';
export const EDIT_CART_ID = '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';
export const GROUP_ID = fixtureId(100);
export const ADULT = fixtureId(201);
export const CHILD = fixtureId(202);
export const SESSION_1 = fixtureId(301);
export const SESSION_2 = fixtureId(302);
export const LATER_SESSION = fixtureId(303);

/** A seller who lets the holder of the secret link edit (identity §3 `self_edit_rules`, §6). */
export function editingConfig(on = true): SellerConfig {
  return makeSellerConfig({
    self_edit_rules: {
      enabled: on,
      anon_editing: on,
      horizon_days: 1,
      horizon_hours: 0,
      categories: null,
    },
  });
}

export const types = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '25.00' }),
  makeTicketType({ id: CHILD, name: 'Child', currency_amount: '12.00', _rank: 2 }),
];
export const sessions = [
  makeEventSession({
    id: SESSION_1,
    start_datetime: '2029-06-02T14:00:00.000Z',
    end_datetime: '2029-06-02T14:30:00.000Z',
  }),
  makeEventSession({
    id: SESSION_2,
    start_datetime: '2029-06-09T18:00:00.000Z',
    end_datetime: '2029-06-09T18:30:00.000Z',
  }),
  makeEventSession({
    id: LATER_SESSION,
    start_datetime: '2029-07-01T15:00:00.000Z',
    end_datetime: '2029-07-01T15:30:00.000Z',
  }),
];

let counter = 0;

/** A booked ticket of the order, Adult in the first session unless told otherwise. */
export function orderTicket(overrides: Partial<Ticket> = {}): Ticket & { scan_code: string } {
  counter += 1;
  const ticket = makeTicket({
    cart_id: fixtureId(9000),
    state: 'booked',
    ticket_order_id: ORDER_ID,
    ticket_type_id: ADULT,
    event_session_id: SESSION_1,
    ...overrides,
  });
  return { ...ticket, scan_code: `SC${counter}` };
}

/** What the server allows of a ticket (decision 0036); all allowed unless told otherwise. */
export function fact(ticketId: string, overrides: Partial<TicketManage> = {}): TicketManage {
  return {
    ticket_id: ticketId,
    label: null,
    cancellable: true,
    reschedulable: true,
    refusal: null,
    ...overrides,
  };
}

/** GET ticket_order/{id}/manage for these tickets and facts. */
export function manageBody(
  tickets: Ticket[],
  facts: TicketManage[],
  order: Partial<OrderManage> = {},
): OrderManageResponse {
  return {
    ticket_order: toCollection([
      {
        id: ORDER_ID,
        order_number: 'A-1042',
        cart_id: fixtureId(9000),
        identity_id: FIXTURE_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'gus@example.org',
        created_at: '2029-05-01T12:00:00.000Z',
      },
    ]),
    ticket_order_fees: toCollection([]),
    ticket: toCollection(tickets.map((t) => ({ scan_code: null, ...t }))),
    ticket_group: toCollection([makeTicketGroup({ id: GROUP_ID, name: 'Timed Admission' })]),
    ticket_type: toCollection(types),
    event_template: toCollection([makeEventTemplate({ name: 'General Admission' })]),
    event_session: toCollection(sessions),
    venue: toCollection([makeVenue()]),
    order_manage: toCollection([
      {
        ticket_order_id: ORDER_ID,
        editable: true,
        order_cancellable: false,
        editable_session_ids: [SESSION_1, SESSION_2],
        ...order,
      },
    ]),
    ticket_manage: toCollection(facts),
  };
}

/** GET/POST ticket_order/{id}/edit: the edit cart with its held tickets and figures. */
export function editBody(
  edit: Partial<OrderEdit>,
  parts: { held?: Ticket[]; outstanding?: string } = {},
): OrderEditResponse {
  const row: OrderEdit = {
    cart_id: EDIT_CART_ID,
    ticket_order_id: ORDER_ID,
    expires_at: '2029-05-20T12:15:00.000Z',
    expires_in: 900,
    cancelled_ticket_ids: [],
    rescheduled: [],
    credit: '0.00',
    added: '0.00',
    difference: '0.00',
    currency_code: 'USD',
    kind: 'none',
    ...edit,
  };
  const outstanding = parts.outstanding ?? (Number(row.difference) > 0 ? row.difference : '0.00');
  return {
    ...cartBundle({
      cart: { id: EDIT_CART_ID, expires_in: row.expires_in, expires_at: row.expires_at },
      ticket: parts.held ?? [],
      ticket_type: types,
      event_session: sessions,
      cart_fees: { total_outstanding: outstanding },
    }),
    order_edit: toCollection([row]),
  };
}

/** The answer of a committed edit or a payment that completed it: the order with its secret. */
export function committedOrder(): CheckoutResponse {
  const body = manageBody([orderTicket()], []);
  return {
    ticket_order: body.ticket_order,
    ticket_order_fees: body.ticket_order_fees,
    ticket: body.ticket,
    ticket_group: body.ticket_group,
    ticket_type: body.ticket_type,
    event_template: body.event_template,
    event_session: body.event_session,
    access_secret: SECRET,
  };
}
