import { describe, expect, it } from 'vitest';
import { cartHasAdmission, cartHasItems, sumMoney, toCartItems } from '@/api/cart/cart-items';
import {
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeEventSession, makeTicket } from '@/testing/cart-fixtures';

const noAnchors = { anchor_events: [], anchor_categories: [] };

describe('toCartItems (shopping §3 "Cart item")', () => {
  it('groups tickets by event and session with per-type counts and face-value totals', () => {
    const child = makeTicketType({ id: fixtureId(201), name: 'Child', _rank: 2 });
    const later = makeEventSession({
      id: fixtureId(301),
      start_datetime: '2026-06-02T15:00:00.000Z',
      end_datetime: '2026-06-02T15:30:00.000Z',
    });
    const bundle = cartBundle({
      ticket_type: [makeTicketType(), child],
      event_session: [makeEventSession(), later],
      meta: [makeMeta(fixtureId(1), 'image_cover', '/api/image/demo-museum/hall.jpg')],
      ticket: [
        makeTicket({ event_session_id: fixtureId(301) }),
        makeTicket({
          ticket_type_id: fixtureId(201),
          face_value: '12.50',
          adjusted_value: '12.50',
        }),
        // a 10 % code: the line shows the face value, the discount is the Discounts line's
        makeTicket({ adjusted_value: '22.50' }),
        makeTicket({ ticket_type_id: fixtureId(201), face_value: '12.50', adjusted_value: '0.00' }),
        makeTicket({ state: 'cancelled' }),
      ],
    });

    const items = toCartItems(bundle, noAnchors);

    expect(items.map((item) => [item.id, item.ticketCount, item.totalPrice])).toEqual([
      [`${fixtureId(1)}:${fixtureId(300)}`, 3, '50.00'],
      [`${fixtureId(1)}:${fixtureId(301)}`, 1, '25.00'],
    ]);
    expect(
      items[0]!.types.map((t) => [t.type.name, t.group.name, t.ticketCount, t.totalPrice]),
    ).toEqual([
      ['Adult', 'Tickets', 1, '25.00'],
      ['Child', 'Tickets', 2, '25.00'],
    ]);
    expect(items[0]!.image).toEqual({ url: '/api/image/demo-museum/hall.jpg', alt: '' });
    expect(items[0]!.timezone).toBe('America/New_York');
    expect(items[0]!.ticketIds).toHaveLength(3);
  });

  it('marks anchors by id or category, memberships, and the last admission as a dependency', () => {
    const bundle = cartBundle({
      event_template: [
        makeEventTemplate(),
        makeEventTemplate({ id: fixtureId(2), name: 'Tour', category: 'Tours' }),
      ],
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
        }),
      ],
    });
    const items = toCartItems(bundle, { anchor_events: [], anchor_categories: ['Tours'] });
    expect(items.map((item) => [item.name, item.isAnchor, item.isDependency])).toEqual([
      ['General Admission', false, true],
      ['Tour', true, false],
    ]);
    expect(toCartItems(bundle, noAnchors).every((item) => !item.isDependency)).toBe(true);
  });

  it('flags membership items', () => {
    const bundle = cartBundle({
      ticket_group: [makeTicketGroup({ handler: 'membership' })],
      ticket: [makeTicket({ event_session_id: null })],
    });
    const [item] = toCartItems(bundle, noAnchors);
    expect(item!.isMembershipEvent).toBe(true);
    expect(item!.session).toBeNull();
    expect(cartHasAdmission(bundle, noAnchors)).toBe(false);
  });
});

describe('cartHasAdmission (shopping §2 rule 2)', () => {
  it('is true for a non-anchor event and false for an anchor alone or no cart', () => {
    const bundle = cartBundle({ ticket: [makeTicket()] });
    expect(cartHasAdmission(bundle, noAnchors)).toBe(true);
    expect(cartHasAdmission(bundle, { anchor_events: [fixtureId(1)], anchor_categories: [] })).toBe(
      false,
    );
    expect(cartHasAdmission(null, noAnchors)).toBe(false);
  });

  it('counts cancelled tickets as gone', () => {
    expect(cartHasItems(cartBundle({ ticket: [makeTicket({ state: 'unbooked' })] }))).toBe(false);
    expect(cartHasItems(cartBundle({ ticket: [makeTicket()] }))).toBe(true);
  });
});

describe('sumMoney', () => {
  it('adds decimal strings exactly', () => {
    expect(sumMoney(['0.10', '0.20', '-0.05'])).toBe('0.25');
  });
});
