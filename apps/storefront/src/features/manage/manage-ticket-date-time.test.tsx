import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeVenue,
} from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  editingConfig,
  fact,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
  SESSION_1,
} from '@/features/manage/manage-test-kit';

/*
 * issue #25: the manage and reschedule pages read every visit as "date at start time", whatever
 * the event's ticket_date_time (shopping §3) said; the order bundle now carries it (meta).
 */

const NOW = new Date('2029-05-20T12:00:00Z');
const NO_EDIT = () => new Response(null, { status: 204 });

beforeAll(async () => {
  await import('@/features/manage/manage-route');
  await import('@/features/manage/reschedule-route');
});
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

/** The manage read of one Adult ticket in the first session, its event set to `ticketDateTime`. */
function orderWith(ticketDateTime: string, free = false) {
  const adult = free ? orderTicket({ face_value: '0.00', adjusted_value: '0.00' }) : orderTicket();
  const order = free ? { editable: false, editable_session_ids: [] } : {};
  return {
    ...manageBody([adult], [fact(adult.id)], order),
    meta: toCollection([makeMeta(fixtureId(1), 'ticket_date_time', ticketDateTime)]),
  };
}

const fixtures = (ticketDateTime: string, free = false) =>
  createFetchStub({
    [`GET /api/ticket_order/${ORDER_ID}/manage`]: orderWith(ticketDateTime, free),
    [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    'GET /cached_api/events/:id': eventTemplateBody({
      event_template: [makeEventTemplate({ name: 'General Admission' })],
      venue: [makeVenue()],
    }),
    'GET /cached_api/events/:id/calendar': { calendar: toCollection([]) },
  });

describe("manage pages read the event's ticket_date_time", () => {
  it('the manage page: a show-end event reads its end time, in the seller’s locale', async () => {
    const config = { ...editingConfig(), locale: 'en-GB' };
    renderRoute(`/manage/${ORDER_ID}?secret=${SECRET}`, { fetch: fixtures('show-end'), config });
    const visit = await screen.findByRole('region', { name: 'General Admission' });
    // the fixture venue is in New York: 14:00 UTC is 10:00 there
    expect(within(visit).getByText('Sat 2 Jun 2029, 10:00 – 10:30')).toBeInTheDocument();
  });

  it('the reschedule page: a date-only event says which day the tickets are on now', async () => {
    renderRoute(`/manage/${ORDER_ID}/reschedule/${SESSION_1}?secret=${SECRET}`, {
      fetch: fixtures('date-only'),
      config: editingConfig(),
    });
    expect(await screen.findByText('Now: Sat, Jun 2, 2029')).toBeInTheDocument();
  });

  it('the free-order cancel screen: a show-end event is grouped under its whole label, no start time alone', async () => {
    renderRoute(`/manage/${ORDER_ID}?secret=${SECRET}`, {
      fetch: fixtures('show-end', true),
      config: { ...editingConfig(false), locale: 'en-GB' },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sat 2 Jun 2029, 10:00 – 10:30' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'General Admission' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'General Admission, 10:00' })).toBeNull();
  });

  it('the free-order cancel screen: a date-only event names the day and no time', async () => {
    renderRoute(`/manage/${ORDER_ID}?secret=${SECRET}`, {
      fetch: fixtures('date-only', true),
      config: editingConfig(false),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sat, Jun 2, 2029' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'General Admission' })).toBeVisible();
    expect(screen.queryByText(/10:00 AM/)).toBeNull();
  });
});
