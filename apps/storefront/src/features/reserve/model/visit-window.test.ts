import { describe, expect, it } from 'vitest';
import { visitWindow, visitWindowFromCart } from '@/features/reserve/model/visit-window';
import {
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';

const session = {
  start_datetime: '2026-06-02T14:00:00.000Z',
  end_datetime: '2026-06-02T14:30:00.000Z',
};
const zone = 'America/New_York';

describe('visit window (shopping §4 "Anchor cart")', () => {
  it('timeslot: the admission session itself', () => {
    expect(visitWindow('timeslot', session, zone)).toEqual({
      start: '2026-06-02T14:00:00.000Z',
      end: '2026-06-02T14:30:00.000Z',
      timeZone: zone,
    });
  });

  it('same_start: a one-minute window at the admission start', () => {
    expect(visitWindow('same_start', session, zone)).toEqual({
      start: '2026-06-02T14:00:00.000Z',
      end: '2026-06-02T14:01:00.000Z',
      timeZone: zone,
    });
  });

  it('same_date: the whole local day of the admission', () => {
    expect(visitWindow('same_date', session, zone)).toEqual({
      start: '2026-06-02T04:00:00.000Z',
      end: '2026-06-03T04:00:00.000Z',
      timeZone: zone,
    });
  });

  it('same_date keeps the local day of a late-evening session (UTC already next day)', () => {
    const evening = {
      start_datetime: '2026-06-03T01:00:00Z',
      end_datetime: '2026-06-03T02:00:00Z',
    };
    expect(visitWindow('same_date', evening, zone).start).toBe('2026-06-02T04:00:00.000Z');
  });

  it('same_date across a DST change is 23 hours long', () => {
    const dstDay = { start_datetime: '2026-03-08T15:00:00Z', end_datetime: '2026-03-08T16:00:00Z' };
    expect(visitWindow('same_date', dstDay, zone)).toEqual({
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
      timeZone: zone,
    });
  });

  it('until_close: from the admission start to the end of its local day', () => {
    expect(visitWindow('until_close', session, zone)).toEqual({
      start: '2026-06-02T14:00:00.000Z',
      end: '2026-06-03T04:00:00.000Z',
      timeZone: zone,
    });
  });

  it('throws on an unknown visit_time', () => {
    expect(() => visitWindow('whenever', session, zone)).toThrow('unknown visit_time: whenever');
  });

  it('takes the first timed admission of the cart, never the anchor', () => {
    const bundle = cartBundle({
      event_template: [makeEventTemplate(), makeEventTemplate({ id: fixtureId(2) })],
      ticket_group: [
        makeTicketGroup(),
        makeTicketGroup({ id: fixtureId(101), event_template_id: fixtureId(2) }),
      ],
      ticket_type: [
        makeTicketType(),
        makeTicketType({ id: fixtureId(201), ticket_group_id: fixtureId(101) }),
      ],
      ticket: [makeTicket()],
    });
    const config = { anchor_events: [fixtureId(2)], anchor_categories: [], timezone: 'UTC' };
    expect(visitWindowFromCart(bundle, config, 'timeslot')).toEqual({
      start: '2026-06-02T14:00:00.000Z',
      end: '2026-06-02T14:30:00.000Z',
      timeZone: zone,
    });
    expect(visitWindowFromCart(cartBundle(), config, 'timeslot')).toBeNull();
  });
});
