import type { CartBundle } from '@admit/contracts/cart';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeEventSession, makeTicket } from '@/testing/cart-fixtures';

export const ADMISSION_ID = fixtureId(1);
export const TOUR_ID = fixtureId(2);
export const TALK_ID = fixtureId(3);

/** Stores the cart as a reserve would have: the visitor arrives with it in local storage. */
export function seedCart(bundle: CartBundle): void {
  setSellerSlug('demo-museum');
  setCartFromBundle(bundle);
}

/** The listing of three events (admission, tour, talk). */
export function listingOfThree() {
  return eventTemplateBody({
    event_template: [
      makeEventTemplate({ id: ADMISSION_ID, name: 'General Admission', category: 'Admission' }),
      makeEventTemplate({ id: TOUR_ID, name: 'Highlights Tour', category: 'Tours', rank: 2 }),
      makeEventTemplate({ id: TALK_ID, name: 'Curator Talk', category: 'Talks', rank: 3 }),
    ],
  });
}

/**
 * Two adults and a child for the 10:00 admission (New York), one tour ticket at 11:00; with
 * $3.00 service charges and $6.00 tax.
 */
export function admissionAndTourCart(): CartBundle {
  const tourGroup = makeTicketGroup({
    id: fixtureId(101),
    event_template_id: TOUR_ID,
    name: 'Tour tickets',
  });
  const tourSession = makeEventSession({
    id: fixtureId(301),
    event_template_id: TOUR_ID,
    start_datetime: '2026-06-02T15:00:00.000Z',
    end_datetime: '2026-06-02T15:40:00.000Z',
  });
  return cartBundle({
    event_template: [
      makeEventTemplate({ id: ADMISSION_ID, name: 'General Admission' }),
      makeEventTemplate({ id: TOUR_ID, name: 'Highlights Tour', category: 'Tours' }),
    ],
    ticket_group: [makeTicketGroup(), tourGroup],
    ticket_type: [
      makeTicketType(),
      makeTicketType({ id: fixtureId(202), name: 'Child', currency_amount: '12.00', _rank: 2 }),
      makeTicketType({ id: fixtureId(203), ticket_group_id: tourGroup.id, name: 'Tour' }),
    ],
    event_session: [makeEventSession(), tourSession],
    meta: [makeMeta(ADMISSION_ID, 'image_profile', '/api/image/demo-museum/hall.jpg')],
    ticket: [
      makeTicket({ id: fixtureId(7101) }),
      makeTicket({ id: fixtureId(7102) }),
      makeTicket({
        id: fixtureId(7103),
        ticket_type_id: fixtureId(202),
        face_value: '12.00',
        adjusted_value: '12.00',
      }),
      makeTicket({
        id: fixtureId(7104),
        ticket_type_id: fixtureId(203),
        ticket_group_id: tourGroup.id,
        event_template_id: TOUR_ID,
        event_session_id: tourSession.id,
        face_value: '8.50',
        adjusted_value: '8.50',
      }),
    ],
    cart_fees: {
      total_before_cartmod_price: '70.50',
      total_fee_fixed_outside: '3.00',
      total_fee_percent_outside: '6.00',
      total_outstanding: '79.50',
    },
  });
}

/** The same cart after the tour's ticket was removed. */
export function admissionOnlyCart(): CartBundle {
  const full = admissionAndTourCart();
  const ticket = full.ticket._data.filter((t) => t.event_template_id === ADMISSION_ID);
  return {
    ...full,
    ticket: { _count: ticket.length, _total: ticket.length, _data: ticket },
    cart_fees: {
      ...full.cart_fees,
      _data: full.cart_fees._data.map((fees) => ({
        ...fees,
        total_before_cartmod_price: '62.00',
        total_fee_fixed_outside: '0.00',
        total_fee_percent_outside: '0.00',
        total_outstanding: '62.00',
        grand_totals: { total_outstanding: '62.00' },
      })),
    },
  };
}
