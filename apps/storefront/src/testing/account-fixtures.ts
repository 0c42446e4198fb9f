import type { OrderSession, TicketOrderListResponse } from '@admit/contracts/account';
import { toCollection } from '@admit/contracts/envelope';
import type { TicketOrder } from '@admit/contracts/checkout';
import type { Ticket } from '@admit/contracts/cart';
import type { EventSession } from '@admit/contracts/resources';
import {
  eventTemplateBody,
  fixtureId,
  FIXTURE_SELLER_ID,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { makeEventSession, makeTicket } from '@/testing/cart-fixtures';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { createFetchStub, type Fixture } from '@/testing/fetch-stub';
import { logInMember, myMembershipBody } from '@/testing/membership-fixtures';
import { renderRoute } from '@/testing/render-route';

/** The account area's fixtures (identity §2 "Account area", §7 my/order_session, my/ticket_order). */

export const ORDER_A = fixtureId(8001);
export const ORDER_B = fixtureId(8002);
export const SESSION_SOON = fixtureId(8101);
export const SESSION_PAST = fixtureId(8102);
export const ADULT = fixtureId(200);
export const CHILD = fixtureId(201);

type AccountTicket = Ticket & { scan_code: string | null };

export function makeOrderSession(overrides: Partial<OrderSession> = {}): OrderSession {
  const orderId = overrides.ticket_order_id ?? ORDER_A;
  const sessionId = overrides.event_session_id ?? SESSION_SOON;
  return {
    id: `${orderId}:${sessionId}`,
    start_datetime: '2026-06-10T14:00:00.000Z',
    end_datetime: '2026-06-10T14:30:00.000Z',
    ticket_order_id: orderId,
    event_session_id: sessionId,
    event_template_id: fixtureId(1),
    event_name: 'General Admission',
    order_number: '100042',
    purchased_on: '2026-05-30T15:00:00.000Z',
    ticket_count: 3,
    ...overrides,
  };
}

/** GET my/order_session */
export function orderSessionBody(rows: OrderSession[]) {
  return { order_session: toCollection(rows), ticket: toCollection([]) };
}

export function makeAccountTicket(overrides: Partial<AccountTicket> = {}): AccountTicket {
  return {
    ...makeTicket({ state: 'booked', ticket_order_id: ORDER_A }),
    scan_code: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<TicketOrder> = {}): TicketOrder {
  return {
    id: ORDER_A,
    order_number: '100042',
    cart_id: fixtureId(8201),
    identity_id: fixtureId(8301),
    seller_id: FIXTURE_SELLER_ID,
    email: 'mia@example.org',
    giftee_identity_id: null,
    created_at: '2026-05-30T15:00:00.000Z',
    ...overrides,
  };
}

/** GET my/ticket_order: the orders with their totals, tickets and what the tickets name. */
export function ticketOrderListBody(
  orders: { order: TicketOrder; total: string; tickets: AccountTicket[] }[],
  sessions: EventSession[] = [
    makeEventSession({
      id: SESSION_SOON,
      start_datetime: '2026-06-10T14:00:00.000Z',
      end_datetime: '2026-06-10T14:30:00.000Z',
    }),
  ],
): TicketOrderListResponse {
  return {
    ticket_order: toCollection(orders.map((o) => o.order)),
    ticket_order_fees: toCollection(
      orders.map((o) => ({
        ticket_order_id: o.order.id,
        currency_code: 'USD',
        total_before_cartmod_price: o.total,
        total_fee_fixed_outside: '0.00',
        total_fee_percent_outside: '0.00',
        total_cartmod_amount: '0.00',
        total_after_fees_price: o.total,
      })),
    ),
    ticket: toCollection(orders.flatMap((o) => o.tickets)),
    ticket_type: toCollection([
      makeTicketType({ id: ADULT, name: 'Adult' }),
      makeTicketType({ id: CHILD, name: 'Child' }),
    ]),
    ticket_group: toCollection([makeTicketGroup({ name: 'Timed entry' })]),
    event_template: toCollection([makeEventTemplate()]),
    event_session: toCollection(sessions),
  };
}

/** GET event_template (cached, meta and venue) of the fixture event, with its picture. */
export function accountEventsBody() {
  return eventTemplateBody({
    event_template: [makeEventTemplate()],
    venue: [makeVenue()],
    meta: [
      makeMeta(fixtureId(1), 'image_profile', '/api/image/demo-museum/hall.jpg'),
      makeMeta(fixtureId(1), 'image_profile_alt', 'The great hall'),
    ],
  });
}

/** GET ticket/{id}/walletprecheck */
export function walletPrecheckBody(ticketId: string, apple: boolean, google: boolean) {
  return {
    wallet_precheck: toCollection([
      { ticket_id: ticketId, apple_wallet: { ok: apple }, google_wallet: { ok: google } },
    ]),
  };
}

/**
 * Renders an account page for the logged-in fixture member: no membership, the fixture event's
 * picture, and the page's own fixtures on top.
 */
export function renderAccountRoute(
  path: string,
  fixtures: Record<string, Fixture>,
  config?: SellerConfig,
) {
  logInMember();
  const fetch = createFetchStub({
    'GET /api/my/membership': myMembershipBody([]),
    'GET /cached_api/event_template': accountEventsBody(),
    ...fixtures,
  });
  return { ...renderRoute(path, { fetch, config }), fetch };
}
