import type { Cart, CartBundle, CartFees, Ticket } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import type {
  EventSession,
  EventTemplate,
  Meta,
  TicketGroup,
  TicketType,
  Venue,
} from '@admit/contracts/resources';
import {
  FIXTURE_SELLER_ID,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';

/** The fixture cart's id: a UUID v4 like the server's (never sequential). */
export const FIXTURE_CART_ID = '6b1d4f7e-3c2a-4e8b-9f10-7a6c5d4e3b2a';
export const FIXTURE_IDENTITY_ID = '1c9e6b2f-5a3d-4c7e-8b1a-2f3e4d5c6b7a';

export function makeCart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: FIXTURE_CART_ID,
    cart_number: 'C-100042',
    state: 'pending',
    identity_id: FIXTURE_IDENTITY_ID,
    seller_id: FIXTURE_SELLER_ID,
    expires_at: '2026-06-01T14:15:00.000Z',
    expires_in: 900,
    ownedByPublicIdentity: true,
    channel: 'web',
    campaign: null,
    ...overrides,
  };
}

export function makeEventSession(overrides: Partial<EventSession> = {}): EventSession {
  return {
    id: fixtureId(300),
    seller_id: FIXTURE_SELLER_ID,
    event_template_id: fixtureId(1),
    start_datetime: '2026-06-02T14:00:00.000Z',
    end_datetime: '2026-06-02T14:30:00.000Z',
    capacity: 50,
    oversell_capacity: 0,
    used_capacity: 0,
    sold_out: false,
    available: true,
    availableCapacity: 50,
    ...overrides,
  };
}

let ticketCounter = 0;

/** A held ticket of the fixture type in the fixture session; ids count up per call. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  ticketCounter += 1;
  return {
    id: fixtureId(7000 + ticketCounter),
    cart_id: FIXTURE_CART_ID,
    state: 'held',
    ticket_order_id: null,
    ticket_type_id: fixtureId(200),
    ticket_group_id: fixtureId(100),
    event_template_id: fixtureId(1),
    event_session_id: fixtureId(300),
    admit_name: null,
    admit_email: null,
    additional_info: null,
    face_value: '25.00',
    adjusted_value: '25.00',
    valid_from: null,
    valid_to: null,
    seat_template_id: null,
    ...overrides,
  };
}

export function makeCartFees(overrides: Partial<CartFees> = {}): CartFees {
  const outstanding = overrides.total_outstanding ?? '0.00';
  return {
    cart_id: FIXTURE_CART_ID,
    currency_code: 'USD',
    total_before_cartmod_price: '0.00',
    total_fee_fixed_outside: '0.00',
    total_fee_percent_outside: '0.00',
    total_cartmod_amount: '0.00',
    total_payments: '0.00',
    total_outstanding: outstanding,
    grand_totals: { total_outstanding: outstanding },
    ...overrides,
  };
}

/**
 * A cart bundle as every cart call answers (shopping §3): the cart plus sibling collections.
 * Defaults: the fixture event, group, type, session and venue of `api-fixtures`.
 */
export function cartBundle(
  parts: {
    cart?: Partial<Cart>;
    ticket?: Ticket[];
    ticket_type?: TicketType[];
    ticket_group?: TicketGroup[];
    event_template?: EventTemplate[];
    event_session?: EventSession[];
    venue?: Venue[];
    meta?: Meta[];
    cart_fees?: Partial<CartFees>;
  } = {},
): CartBundle {
  const cart = makeCart(parts.cart);
  return {
    cart: toCollection([cart]),
    ticket: toCollection(parts.ticket ?? []),
    ticket_type: toCollection(parts.ticket_type ?? [makeTicketType()]),
    ticket_group: toCollection(parts.ticket_group ?? [makeTicketGroup()]),
    event_template: toCollection(parts.event_template ?? [makeEventTemplate()]),
    event_session: toCollection(parts.event_session ?? [makeEventSession()]),
    venue: toCollection(parts.venue ?? [makeVenue()]),
    meta: toCollection(parts.meta ?? []),
    config: toCollection([]),
    seller: toCollection([
      {
        id: FIXTURE_SELLER_ID,
        slug: 'demo-museum',
        name: 'Demo Museum',
        currency: 'USD',
        timezone: 'America/New_York',
      },
    ]),
    cart_fees: toCollection([makeCartFees({ cart_id: cart.id, ...parts.cart_fees })]),
    cartmod: toCollection([]),
  };
}
