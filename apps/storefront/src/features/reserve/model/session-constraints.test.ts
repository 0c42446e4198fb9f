import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import type { CartBundle } from '@admit/contracts/cart';
import { toEventDetail } from '@/api/events/event-detail';
import type { EventDetail } from '@/api/events/event-detail';
import {
  daysInWindow,
  isDateInWindow,
  offeredSessions,
  sessionConstraints,
} from '@/features/reserve/model/session-constraints';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { cartBundle, makeEventSession, makeTicket } from '@/testing/cart-fixtures';

const TOUR_ID = fixtureId(2);
const zone = 'America/New_York';

/** The cart: an admission 10:00–10:30 New York time on 2026-06-02. */
const admissionCart: CartBundle = cartBundle({ ticket: [makeTicket()] });

function tour(
  options: { ecommerce?: Record<string, unknown>; meta?: Record<string, unknown> } = {},
) {
  const body = eventTemplateBody({
    event_template: [makeEventTemplate({ id: TOUR_ID, name: 'Tour', category: 'Tours' })],
    venue: [makeVenue()],
    meta: Object.entries(options.meta ?? {}).map(([k, v]) => makeMeta(TOUR_ID, k, v)),
    ticket_group: [makeTicketGroup({ id: fixtureId(102), event_template_id: TOUR_ID })],
    ticket_type: [makeTicketType({ id: fixtureId(203), ticket_group_id: fixtureId(102) })],
  });
  if (options.ecommerce) {
    body.config = toCollection([
      {
        id: fixtureId(6100),
        resource: 'event_template',
        resource_id: TOUR_ID,
        key: 'web.ecommerce',
        value: options.ecommerce,
      },
    ]);
  }
  return toEventDetail(body) as EventDetail;
}

const plain = { anchor_events: [], anchor_categories: [], timezone: zone };
const anchored = { anchor_events: [], anchor_categories: ['Tours'], timezone: zone };
const at = (n: number, start: string, minutes = 30) => ({
  id: fixtureId(800 + n),
  start_datetime: start,
  end_datetime: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});
// 09:30, 10:15 (inside the admission), 10:33 (3 minutes after it), 11:00 New York time
const sessions = [
  at(1, '2026-06-02T13:30:00.000Z', 25),
  at(2, '2026-06-02T14:15:00.000Z'),
  at(3, '2026-06-02T14:33:00.000Z'),
  at(4, '2026-06-02T15:00:00.000Z'),
];
const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe('session conflicts (shopping §5)', () => {
  it('hides sessions clashing with a timed cart item padded by 5 minutes', () => {
    const constraints = sessionConstraints(tour(), admissionCart, plain);
    // 09:30–09:55 ends 5 minutes before 10:00: touching once padded, not clashing
    expect(ids(offeredSessions(sessions, constraints))).toEqual([sessions[0]!.id, sessions[3]!.id]);
  });

  it('reads the pads from the event meta', () => {
    const constraints = sessionConstraints(
      tour({ meta: { pad_pre_start: '0', pad_post_end: '0' } }),
      admissionCart,
      plain,
    );
    expect(ids(offeredSessions(sessions, constraints))).toEqual(
      ids([sessions[0]!, sessions[2]!, sessions[3]!]),
    );
  });

  it('offers every session when the event is excluded from conflicts', () => {
    const constraints = sessionConstraints(
      tour({ ecommerce: { exclude_from_session_conflicts: true } }),
      admissionCart,
      plain,
    );
    expect(offeredSessions(sessions, constraints)).toHaveLength(4);
  });

  it('does not count all-day items as timed items', () => {
    const allDay = cartBundle({
      ticket: [makeTicket()],
      event_session: [makeEventSession({ end_datetime: '2026-06-02T22:00:00.000Z' })],
    });
    expect(offeredSessions(sessions, sessionConstraints(tour(), allDay, plain))).toHaveLength(4);
  });

  it('is unconstrained without a cart', () => {
    expect(offeredSessions(sessions, sessionConstraints(tour(), null, plain))).toHaveLength(4);
  });
});

describe('visit window of an anchor add-on (shopping §4 "Anchor cart")', () => {
  it('timeslot: only sessions starting during the admission, which is no conflict', () => {
    const constraints = sessionConstraints(
      tour({ ecommerce: { visit_time: 'timeslot' } }),
      admissionCart,
      anchored,
    );
    expect(constraints.visitWindow?.start).toBe('2026-06-02T14:00:00.000Z');
    expect(ids(offeredSessions(sessions, constraints))).toEqual([sessions[1]!.id]);
  });

  it('until_close: from the admission start to the end of its day', () => {
    const constraints = sessionConstraints(
      tour({ ecommerce: { visit_time: 'until_close' } }),
      admissionCart,
      anchored,
    );
    expect(ids(offeredSessions(sessions, constraints))).toEqual(ids(sessions.slice(1)));
  });

  it('same_date: only the date of the visit in the calendar', () => {
    const { visitWindow } = sessionConstraints(
      tour({ ecommerce: { visit_time: 'same_date' } }),
      admissionCart,
      anchored,
    );
    expect(isDateInWindow('2026-06-01', visitWindow)).toBe(false);
    expect(isDateInWindow('2026-06-02', visitWindow)).toBe(true);
    expect(isDateInWindow('2026-06-03', visitWindow)).toBe(false);
    const days = new Map([
      ['2026-06-02', 'a'],
      ['2026-06-03', 'b'],
    ]);
    expect([...daysInWindow(days, visitWindow).keys()]).toEqual(['2026-06-02']);
  });

  it('has no window for an event that is not an anchor, nor without visit_time', () => {
    const withTime = tour({ ecommerce: { visit_time: 'timeslot' } });
    expect(sessionConstraints(withTime, admissionCart, plain).visitWindow).toBeNull();
    expect(sessionConstraints(tour(), admissionCart, anchored).visitWindow).toBeNull();
  });

  it('throws on an unknown visit_time', () => {
    const event = tour({ ecommerce: { visit_time: 'whenever' } });
    expect(() => sessionConstraints(event, admissionCart, anchored)).toThrow(
      'unknown visit_time: whenever',
    );
  });
});
