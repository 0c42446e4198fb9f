import { describe, expect, it } from 'vitest';
import { toCartItems } from '@/api/cart/cart-items';
import { badgeCount } from '@/features/cart/model/badge-count';
import { toCartTotals } from '@/features/cart/model/cart-totals';
import { formatInZone, formatSessionTime, sessionWhenLabel } from '@admit/contracts/session-time';
import { removalPlan, showsDependencyWarning } from '@/features/cart/model/removal-plan';
import {
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeCartFees, makeTicket } from '@/testing/cart-fixtures';

const config = { anchor_events: [fixtureId(2)], anchor_categories: [] };

function twoEventCart() {
  return cartBundle({
    event_template: [makeEventTemplate(), makeEventTemplate({ id: fixtureId(2), name: 'Tour' })],
    ticket_group: [
      makeTicketGroup(),
      makeTicketGroup({ id: fixtureId(101), event_template_id: fixtureId(2) }),
    ],
    ticket_type: [
      makeTicketType(),
      makeTicketType({ id: fixtureId(201), ticket_group_id: fixtureId(101) }),
    ],
    ticket: [
      makeTicket(),
      makeTicket({
        ticket_type_id: fixtureId(201),
        ticket_group_id: fixtureId(101),
        event_template_id: fixtureId(2),
        event_session_id: null,
      }),
    ],
  });
}

describe('removal (shopping §4 "Removing a cart item")', () => {
  it('deletes the whole cart for the only item', () => {
    const items = toCartItems(cartBundle({ ticket: [makeTicket()] }), config);
    expect(removalPlan(items[0]!, items)).toEqual({ kind: 'delete_cart' });
    expect(showsDependencyWarning(items[0]!, items)).toBe(false);
  });

  it('deletes the whole cart for a dependency and warns about the others', () => {
    const items = toCartItems(twoEventCart(), config);
    const admission = items.find((item) => !item.isAnchor)!;
    expect(admission.isDependency).toBe(true);
    expect(removalPlan(admission, items)).toEqual({ kind: 'delete_cart' });
    expect(showsDependencyWarning(admission, items)).toBe(true);
  });

  it('removes only the tickets of any other item', () => {
    const items = toCartItems(twoEventCart(), config);
    const addOn = items.find((item) => item.isAnchor)!;
    expect(removalPlan(addOn, items)).toEqual({
      kind: 'remove_tickets',
      tickets: addOn.ticketIds,
    });
    expect(showsDependencyWarning(addOn, items)).toBe(false);
  });
});

describe('totals (shopping §9 fee display)', () => {
  it('splits fixed fees and percent fees and leaves out zero lines', () => {
    const totals = toCartTotals(
      makeCartFees({
        total_before_cartmod_price: '50.00',
        total_fee_fixed_outside: '3.00',
        total_fee_percent_outside: '4.44',
        total_outstanding: '57.44',
      }),
    );
    expect(totals.lines).toEqual([
      { key: 'subtotal', amount: '50.00' },
      { key: 'service_charges', amount: '3.00' },
      { key: 'tax', amount: '4.44' },
    ]);
    expect(totals.total).toBe('57.44');
  });
});

describe('cart date formats (shopping §9)', () => {
  it('formats in the venue zone with the cart patterns', () => {
    const iso = '2026-06-02T14:00:00.000Z';
    expect(formatInZone(iso, 'ddd, MMM D, YYYY [at] h:mm A', 'America/New_York')).toBe(
      'Tue, Jun 2, 2026 at 10:00 AM',
    );
    expect(formatInZone(iso, 'h:mm A', 'Europe/London')).toBe('3:00 PM');
    expect(formatInZone('2026-06-02T03:00:00.000Z', 'ddd, MMM D, YYYY', 'America/New_York')).toBe(
      'Mon, Jun 1, 2026',
    );
  });

  it('shows the date only for an all-day session', () => {
    const session = {
      start_datetime: '2026-06-02T14:00:00Z',
      end_datetime: '2026-06-02T22:00:00Z',
    };
    expect(sessionWhenLabel(session, 'America/New_York')).toBe('Tue, Jun 2, 2026');
    expect(sessionWhenLabel({ ...session, end_datetime: '2026-06-02T14:30:00Z' }, 'UTC')).toBe(
      'Tue, Jun 2, 2026 at 2:00 PM',
    );
    expect(sessionWhenLabel(null, 'America/New_York')).toBeNull();
  });

  it('reads times on the 12-hour clock for every seller, a British one too', () => {
    expect(formatSessionTime('2026-06-02T13:05:00.000Z', 'Europe/London')).toBe('2:05 PM');
  });
});

describe('badge counts (shopping §9)', () => {
  it('shows "99+" at 100 or more', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});
