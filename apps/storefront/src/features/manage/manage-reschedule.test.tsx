import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { LOG_OUT_TO_EDIT_MESSAGE } from '@admit/contracts/manage';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeVenue,
} from '@/testing/api-fixtures';
import { makePricedSession } from '@/testing/availability-fixtures';
import { makeCalendarDay } from '@/testing/calendar-day-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  ADULT,
  CHILD,
  editBody,
  editingConfig,
  fact,
  GROUP_ID,
  LATER_SESSION,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
  SESSION_1,
  types,
} from '@/features/manage/manage-test-kit';

const NOW = new Date('2029-05-20T12:00:00Z');
const RESCHEDULE = `/manage/${ORDER_ID}/reschedule/${SESSION_1}?secret=${SECRET}`;
// no edit open: the edit read answers 204 (a 404 was logged on every manage visit)
const NO_EDIT = () => new Response(null, { status: 204 });

beforeAll(async () => {
  await import('@/features/manage/reschedule-route');
});
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The event, its calendar and 1 July's sessions with their price schedule. */
function catalogue(
  /** the adult and child prices at 11:00 (a late opening costs more: decision 0043) */
  laterPrices: [adult: string, child: string] = ['25.00', '12.00'],
) {
  const later = makePricedSession({
    id: LATER_SESSION,
    start_datetime: '2029-07-01T15:00:00.000Z',
  });
  const full = makePricedSession({
    id: fixtureId(304),
    start_datetime: '2029-07-01T17:00:00.000Z',
    availableCapacity: 1,
  });
  return {
    'GET /cached_api/events/:id': eventTemplateBody({
      event_template: [makeEventTemplate({ name: 'General Admission' })],
      venue: [makeVenue()],
      ticket_group: [makeTicketGroup({ id: GROUP_ID, name: 'Timed Admission' })],
      ticket_type: types,
    }),
    'GET /cached_api/events/:id/calendar': {
      calendar: toCollection([makeCalendarDay('2029-06-02'), makeCalendarDay('2029-07-01')]),
    },
    'GET /api/events/:id/sessions': (request: StubRequest) => {
      expect(request.url.searchParams.get('_ondate')).toBe('2029-07-01');
      return {
        event_session: toCollection([later, full]),
        price_schedule: toCollection(
          [later, full].flatMap((s) => {
            const [adult, child] = s === later ? laterPrices : ['25.00', '12.00'];
            return [
              {
                id: `${s.id}:a`,
                event_session_id: s.id,
                ticket_type_id: ADULT,
                currency_amount: adult,
              },
              {
                id: `${s.id}:c`,
                event_session_id: s.id,
                ticket_type_id: CHILD,
                currency_amount: child,
              },
            ];
          }),
        ),
      };
    },
  };
}

/** An order of an Adult ($25.00) and a Child ($12.00) ticket; the edit answers `difference`. */
function adultAndChild(difference: string, laterPrices?: [adult: string, child: string]) {
  const adult = orderTicket();
  const child = orderTicket({
    ticket_type_id: CHILD,
    face_value: '12.00',
    adjusted_value: '12.00',
  });
  const fetch = createFetchStub({
    [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
      [adult, child],
      [fact(adult.id), fact(child.id)],
    ),
    [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    [`POST /api/ticket_order/${ORDER_ID}/edit`]: editBody({ kind: 'reschedule', difference }),
    ...catalogue(laterPrices),
  });
  return { adult, child, fetch };
}

describe('reschedule (identity §2 /manage/{orderId}/reschedule/{sessionId}, §4 "Reschedule")', () => {
  it('moves the chosen tickets to another date and time with the date-first picker, warning when it costs more', async () => {
    const { child, fetch } = adultAndChild('14.16');
    const { user, router } = renderRoute(RESCHEDULE, { fetch, config: editingConfig() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reschedule your visit' }),
    ).toBeVisible();
    expect(screen.getByText('Now: Sat, Jun 2, 2029 at 10:00 AM')).toBeInTheDocument();
    const moving = screen.getByRole('group', { name: 'Tickets to move' });
    const adultBox = within(moving).getByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' });
    const childBox = within(moving).getByRole('checkbox', { name: 'Ticket 2: Child, $12.00' });
    expect(adultBox).toBeChecked();
    expect(childBox).toBeChecked();

    const submit = screen.getByRole('button', { name: 'Reschedule tickets' });
    await user.click(adultBox);
    await user.click(childBox);
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select at least one ticket to continue.',
    );
    await user.click(childBox);
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a new date and time.');

    // the current session's day offers the other times only; 1 July has two, one too full
    await user.click(await screen.findByRole('button', { name: /July 1, 2029/ }));
    const time = await screen.findByRole('radio', { name: /11:00 AM/ });
    await user.click(time);
    expect(screen.queryByText(/costs more/)).toBeNull();

    // prices are per type: the child becomes an adult at the new time, which costs more
    const type = screen.getByRole('combobox', { name: 'Ticket 2: type at the new time' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Adult, $25.00', 'Child, $12.00']);
    expect(type).toHaveValue(CHILD);
    await user.selectOptions(type, ADULT);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The new time costs more than your current tickets: you pay the difference when you confirm your changes.',
    );

    await user.click(submit);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`),
    );
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      reschedule: [
        { ticket_ids: [child.id], event_session_id: LATER_SESSION, ticket_type_id: ADULT },
      ],
    });
    expect(post.url.searchParams.get('secret')).toBe(SECRET);
  });

  it('warns when the new session itself costs more, the tickets keeping their types', async () => {
    const { adult, fetch } = adultAndChild('7.00', ['29.00', '15.00']);
    const { user, router } = renderRoute(RESCHEDULE, { fetch, config: editingConfig() });
    await user.click(await screen.findByRole('button', { name: /July 1, 2029/ }));
    await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
    // the session's own prices (its price_schedule), not the types' amounts
    expect(
      screen.getByRole('combobox', { name: 'Ticket 1: type at the new time' }),
    ).toHaveDisplayValue('Adult, $29.00');
    expect(
      screen.getByRole('combobox', { name: 'Ticket 2: type at the new time' }),
    ).toHaveDisplayValue('Child, $15.00');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The new time costs more than your current tickets: you pay the difference when you confirm your changes.',
    );
    // the adult alone moving still costs more; the child alone too
    await user.click(screen.getByRole('checkbox', { name: 'Ticket 2: Child, $12.00' }));
    expect(screen.getByRole('status')).toHaveTextContent('The new time costs more');

    await user.click(screen.getByRole('button', { name: 'Reschedule tickets' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`),
    );
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      reschedule: [
        { ticket_ids: [adult.id], event_session_id: LATER_SESSION, ticket_type_id: ADULT },
      ],
    });
  });

  it('a session with fewer places than the tickets is not a choice', async () => {
    const a = orderTicket();
    const b = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a, b], [fact(a.id), fact(b.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      ...catalogue(),
    });
    const { user } = renderRoute(RESCHEDULE, { fetch, config: editingConfig() });
    await user.click(await screen.findByRole('button', { name: /July 1, 2029/ }));
    expect(await screen.findByRole('radio', { name: /1:00 PM/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /11:00 AM/ })).toBeEnabled();
  });

  it('is refused when logged in, and says why a session cannot move', async () => {
    const refused = errorResponse(403, 'forbidden', LOG_OUT_TO_EDIT_MESSAGE, {
      reason: 'logged_in',
    });
    const first = renderRoute(RESCHEDULE, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: () => refused,
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => refused,
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please log-out to edit your tickets',
    );
    first.unmount();

    const a = orderTicket();
    renderRoute(RESCHEDULE, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
          [a],
          [fact(a.id, { cancellable: false, reschedulable: false, refusal: 'tickets_too_old' })],
          { editable_session_ids: [] },
        ),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      }),
    });
    expect(await screen.findByText('This visit is too close to be changed online.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your order' })).toHaveAttribute(
      'href',
      `/demo-museum/manage/${ORDER_ID}?secret=${SECRET}`,
    );
  });

  it('is not there when the seller does not let buyers edit (identity §2 "added only when the feature check is on")', async () => {
    renderRoute(RESCHEDULE, { config: editingConfig(false) });
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeVisible();
  });
});
