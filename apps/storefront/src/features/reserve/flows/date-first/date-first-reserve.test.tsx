import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { makeMeta } from '@/testing/api-fixtures';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  ADULT,
  ANYTIME,
  calendarBody,
  CHILD,
  EVENT_ID,
  eventBody,
  flexGroup,
  flexTypes,
  markSoldOut,
  saturday,
  sessionDetailBody,
  sessionsBody,
  TIMED_GROUP_ID,
  timedGroup,
  timedTypes,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';
import { answerCodePrompt, partnerRuleReserve } from '@/features/reserve/code-required-test-kit';

const SATURDAY = 'Saturday, November 21, 2026';
/** a date button's name: what it shows, then the full date (label in name) */
const SATURDAY_BUTTON = `Sat 21 Nov ${SATURDAY}`;
const [ten, tenThirty, one] = saturday as [
  (typeof saturday)[0],
  (typeof saturday)[0],
  (typeof saturday)[0],
];

function fixtures(overrides: Record<string, Fixture> = {}) {
  return createFetchStub({
    'GET /cached_api/events/:id': eventBody(),
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': sessionsBody(saturday),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const id = request.url.pathname.split('/').pop();
      const session = saturday.find((s) => s.id === id);
      return session ? sessionDetailBody(session) : errorResponse(404, 'not_found');
    },
    'POST /api/my/cart/modify': cartBundle(),
    'GET /api/my/cart/:id': cartBundle(),
    ...overrides,
  });
}

const posts = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/my/cart/modify');

async function pickSaturdayAt(user: ReturnType<typeof renderRoute>['user'], time: RegExp) {
  await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
  await user.click(await screen.findByRole('radio', { name: time }));
}

setUpDateFirstRouteTests();

describe('date-first reserve page (shopping §2, §4)', { timeout: 15_000 }, () => {
  it('picks a date, a session and quantities, reserves and moves on to checkout', async () => {
    const fetch = fixtures();
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });

    const dates = await screen.findByRole('group', { name: 'Date' });
    // 8 date buttons (the sold-out Sunday is left out) and "Show more dates"
    expect(within(dates).getAllByRole('button', { pressed: false })).toHaveLength(8);
    expect(within(dates).getByRole('button', { name: 'Show more dates' })).toBeInTheDocument();
    const calendarCall = fetch.requests.find((r) => r.url.pathname.endsWith('/calendar'))!;
    expect(calendarCall.url.pathname).toBe(`/cached_api/events/${EVENT_ID}/calendar`);
    expect(calendarCall.url.searchParams.get('_format')).toBe('extended');
    expect(calendarCall.url.searchParams.get('start_datetime._lt')).toBe('2027-11-01');

    await pickSaturdayAt(user, /10:00 AM/);
    const sessionsCall = fetch.requests.find(
      (r) => r.url.pathname === `/api/events/${EVENT_ID}/sessions`,
    )!;
    expect(sessionsCall.url.searchParams.get('_ondate')).toBe('2026-11-21');
    expect(sessionsCall.url.searchParams.get('_include_sold_out')).toBe('true');
    expect(screen.getByRole('radio', { name: /10:30 AM/ })).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Increase Child' }));
    expect(screen.getByText('$62.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(posts(fetch)).toHaveLength(1);
    expect(posts(fetch)[0]!.body).toEqual({
      add: [
        {
          event_session_id: ten.id,
          ticket_types_required: [
            { ticket_type_id: ADULT, quantity: 2 },
            { ticket_type_id: CHILD, quantity: 1 },
          ],
        },
      ],
    });
  });

  it('shows the spec messages verbatim, sends nothing, and focuses the first invalid field', async () => {
    const fetch = fixtures();
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    const submit = await screen.findByRole('button', { name: 'Add to cart' });

    await user.click(submit);
    expect(await screen.findByText('Please select a date to continue.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('reserve-date'));

    await user.click(screen.getByRole('button', { name: SATURDAY_BUTTON }));
    await screen.findByRole('radio', { name: /10:00 AM/ });
    await user.click(submit);
    expect(await screen.findByText('Please select a session to continue.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('reserve-session'));

    await user.click(screen.getByRole('radio', { name: /10:00 AM/ }));
    await screen.findByRole('button', { name: 'Increase Adult' });
    await user.click(submit);
    expect(
      await screen.findByText('Please select at least one ticket to continue.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('reserve-quantities'));
    expect(posts(fetch)).toHaveLength(0);
  });

  it('labels tabs "Sold out" and "Not available" and shows the low-availability label', async () => {
    const morningSoldOut = [markSoldOut(ten), tenThirty];
    const fetch = fixtures({ 'GET /api/events/:id/sessions': sessionsBody(morningSoldOut) });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
    expect(await screen.findByRole('tab', { name: 'Morning Sold out' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Afternoon Not available' })).toBeInTheDocument();
  });

  it('warns that few tickets are left when the session has fewer than 10 places', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
    await user.click(await screen.findByRole('tab', { name: 'Afternoon' }));
    await user.click(screen.getByRole('radio', { name: /1:00 PM/ }));
    expect(await screen.findByText('Hurry, less than 10 tickets available.')).toBeInTheDocument();
    // the steppers stop at the session's 5 places
    for (let i = 0; i < 7; i++)
      await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    expect(screen.getByRole('status', { name: 'Adult quantity' })).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: 'Increase Child' })).toBeDisabled();
  });
  it('"Show more dates" opens the "Choose date" calendar; a later date takes the last button', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    await user.click(await screen.findByRole('button', { name: 'Show more dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await user.click(within(dialog).getByRole('button', { name: /December 3, 2026/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const chosen = screen.getByRole('button', { name: 'Thu 3 Dec Thursday, December 3, 2026' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('radio', { name: /10:00 AM/ })).toBeInTheDocument();
  });
});

describe('sold-out handling (shopping §8)', { timeout: 15_000 }, () => {
  const soldOutPost = () =>
    errorResponse(409, 'event_session_sold_out', 'This session is sold out');

  it('asks for another session when others on the day still have places', async () => {
    let reads = 0;
    const fetch = fixtures({
      'POST /api/my/cart/modify': soldOutPost,
      'GET /api/events/:id/sessions': () =>
        sessionsBody(reads++ === 0 ? saturday : [markSoldOut(ten), tenThirty, one]),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText(
        'Tickets have sold out for the session at 10:00 AM. Please select another session and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SATURDAY_BUTTON })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: /10:00 AM/ })).toBeDisabled());
  });

  it('reloads the calendar and clears date and session when the whole day sold out', async () => {
    let reads = 0;
    const fetch = fixtures({
      'POST /api/my/cart/modify': soldOutPost,
      'GET /api/events/:id/sessions': () =>
        sessionsBody(reads++ === 0 ? saturday : saturday.map(markSoldOut)),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText(
        `Tickets have sold out for ${SATURDAY}. Please select another date and try again.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SATURDAY_BUTTON })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const calendarReads = fetch.requests.filter((r) => r.url.pathname.endsWith('/calendar'));
    expect(calendarReads.length).toBeGreaterThanOrEqual(2);
  });

  it('shows other reserve errors inline with the API description, else the generic message', async () => {
    let call = 0;
    const fetch = fixtures({
      'POST /api/my/cart/modify': () =>
        call++ === 0
          ? errorResponse(
              422,
              'max_tickets_per_order_exceeded',
              'No more than 20 tickets per order.',
            )
          : errorResponse(500, 'internal_error', 'boom'),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('No more than 20 tickets per order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Sorry! Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
  });
});

// spec: shopping §8 rule_blocks_reserve / code_required (issue #25: the private group tour)
describe('a checkout rule asking for a code', { timeout: 40_000 }, () => {
  it("asks for the code with the rule's words and reserves again with it", async () => {
    const fetch = fixtures({ 'POST /api/my/cart/modify': partnerRuleReserve });
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await answerCodePrompt(user, () => posts(fetch));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
  });
});

describe('admission choice and ticket details', { timeout: 15_000 }, () => {
  it('offers single or any-date admission; any-date reserves without a session', async () => {
    const fetch = fixtures({
      'GET /cached_api/events/:id': eventBody({
        groups: [timedGroup, flexGroup],
        types: [...timedTypes, ...flexTypes],
      }),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    const single = await screen.findByRole('button', { name: 'Visit on a specific date' });
    expect(screen.queryByRole('group', { name: 'Date' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please select an admission type to continue.'),
    ).toBeInTheDocument();

    await user.click(single);
    expect(await screen.findByRole('group', { name: 'Date' })).toBeInTheDocument();
    // choosing answers the message: it does not stay on screen (issue #25)
    expect(
      screen.queryByText('Please select an admission type to continue.'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Visit on any date' }));
    expect(screen.queryByRole('group', { name: 'Date' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Increase Anytime Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]!.body).toEqual({
      add: [{ ticket_types_required: [{ ticket_type_id: ANYTIME, quantity: 1 }] }],
    });
  });

  it('"Change" resets the any-date choice', async () => {
    const fetch = fixtures({
      'GET /cached_api/events/:id': eventBody({
        groups: [timedGroup, flexGroup],
        types: [...timedTypes, ...flexTypes],
      }),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await user.click(await screen.findByRole('button', { name: 'Visit on any date' }));
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('button', { name: 'Visit on a specific date' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Increase Anytime Adult' }),
    ).not.toBeInTheDocument();
  });

  it('asks required admit names, then sends every ticket in reserve.tickets', async () => {
    const meta = [makeMeta(TIMED_GROUP_ID, 'admit_names', 'required', 'ticket_group')];
    const fetch = fixtures({
      'GET /api/events/:id/sessions/:sessionId': sessionDetailBody(ten, { meta }),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findAllByText('Input must not be empty.')).toHaveLength(2);
    const first = screen.getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(posts(fetch)).toHaveLength(0);

    await user.type(first, ' Ada ');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]!.body).toEqual({
      reserve: {
        tickets: [{ ticket_type_id: ADULT, event_session_id: ten.id, admit_name: 'Ada Lovelace' }],
      },
    });
  });

  it('asks the group survey questions and sends cleaned answers with each ticket', async () => {
    const spec = {
      properties: {
        age: { type: 'integer', title: 'Age of the youngest visitor', propertyOrder: 1 },
        reason: {
          type: 'string',
          enum: ['Leisure', 'School trip'],
          title: 'Reason',
          propertyOrder: 2,
        },
        note: { type: 'string', title: 'Note', propertyOrder: 3, contexts: 'web' },
        invoice: { type: 'string', title: 'Invoice number', contexts: 'checkout' },
      },
      required: ['age'],
    };
    const meta = [makeMeta(TIMED_GROUP_ID, 'additional_info_spec', spec, 'ticket_group')];
    const fetch = fixtures({
      'GET /api/events/:id/sessions/:sessionId': sessionDetailBody(ten, { meta }),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await pickSaturdayAt(user, /10:00 AM/);
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    expect(screen.queryByLabelText(/Invoice number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Input must not be empty.')).toBeInTheDocument();
    const age = screen.getByRole('spinbutton', { name: 'Age of the youngest visitor' });
    await waitFor(() => expect(age).toHaveFocus());

    await user.type(age, '9');
    await user.selectOptions(screen.getByRole('combobox', { name: /Reason/ }), 'School trip');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]!.body).toEqual({
      reserve: {
        tickets: [
          {
            ticket_type_id: ADULT,
            event_session_id: ten.id,
            additional_info: { age: 9, reason: 'School trip' },
          },
        ],
      },
    });
  });

  it('shows the unavailable warning when there are no dates and no any-date admission', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: fixtures({ 'GET /cached_api/events/:id/calendar': calendarBody([]) }),
    });
    expect(
      await screen.findByText('Sorry, tickets are not available for this event'),
    ).toBeInTheDocument();
  });

  it('shows the initialization error when the calendar cannot be read', async () => {
    renderRoute(`/events/${EVENT_ID}`, {
      fetch: fixtures({
        'GET /cached_api/events/:id/calendar': () => errorResponse(500, 'internal_error'),
      }),
    });
    expect(
      await screen.findByText('Sorry! Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('reserve query parameters (shopping §5)', { timeout: 15_000 }, () => {
  it('refuses session and date together', async () => {
    renderRoute(`/events/${EVENT_ID}?session=${ten.id}&date=2026-11-21`, { fetch: fixtures() });
    expect(
      await screen.findByText('The session and date query parameters can not be used together.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SATURDAY_BUTTON })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('preselects an available date and loads its sessions, filtered by tg', async () => {
    const fetch = fixtures();
    renderRoute(`/events/${EVENT_ID}?date=2026-11-21&tg=${TIMED_GROUP_ID}`, { fetch });
    expect(await screen.findByRole('radio', { name: /10:00 AM/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SATURDAY_BUTTON })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const path of ['/calendar', '/sessions']) {
      const call = fetch.requests.find((r) => r.url.pathname.endsWith(path))!;
      expect(call.url.searchParams.get('ticket_group_id._in')).toBe(TIMED_GROUP_ID);
    }
  });

  it('says so when the date is not available', async () => {
    renderRoute(`/events/${EVENT_ID}?date=2026-11-22`, { fetch: fixtures() });
    expect(
      await screen.findByText('Sorry, tickets are not available on the date of your visit'),
    ).toBeInTheDocument();
  });

  it('says so when the session is not found', async () => {
    renderRoute(`/events/${EVENT_ID}?session=00000000-0000-4000-8000-000000000999`, {
      fetch: fixtures(),
    });
    expect(await screen.findByText('Sorry, the selected time is not found')).toBeInTheDocument();
  });

  it('says so when the session is sold out', async () => {
    renderRoute(`/events/${EVENT_ID}?session=${tenThirty.id}`, { fetch: fixtures() });
    expect(
      await screen.findByText('Sorry, tickets are not available at the selected time'),
    ).toBeInTheDocument();
  });

  it('moves on to the upsell listing when the seller sells add-ons', async () => {
    const fetch = fixtures();
    const config = makeSellerConfig({ anchor_categories: ['Exhibitions'] });
    const { router } = renderRoute(
      `/events/${EVENT_ID}?session=${ten.id}&quantities=Adult:1&reserve=strict`,
      { fetch, config },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('reserves straight away with reserve=true, a session and quantities', async () => {
    const fetch = fixtures();
    const { router } = renderRoute(
      `/events/${EVENT_ID}?session=${ten.id}&quantities=Adult:2,${CHILD}:1&reserve=true&code=SPRING`,
      { fetch },
    );
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]!.body).toEqual({
      preReservePromoCodes: ['SPRING'],
      add: [
        {
          event_session_id: ten.id,
          ticket_types_required: [
            { ticket_type_id: ADULT, quantity: 2 },
            { ticket_type_id: CHILD, quantity: 1 },
          ],
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
  });

  it('warn mode preselects but does not reserve when a ticket type is not found', async () => {
    const fetch = fixtures();
    renderRoute(`/events/${EVENT_ID}?session=${ten.id}&quantities=Adult:2,Dragon:1&reserve=warn`, {
      fetch,
    });
    expect(
      await screen.findByText('Sorry, the selected ticket types are not available'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Adult quantity' })).toHaveTextContent('2');
    expect(posts(fetch)).toHaveLength(0);
  });
});
