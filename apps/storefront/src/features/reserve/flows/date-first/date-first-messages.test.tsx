import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { makeTicketType } from '@/testing/api-fixtures';
import { renderRoute } from '@/testing/render-route';
import {
  AFTERNOON_MESSAGE,
  GROUP_RATE,
  messageRulesMeta,
  QUIET_HOUR,
  WEEKEND_MESSAGE,
} from '@/features/reserve/message-rules-test-kit';
import {
  ADULT,
  CHILD,
  calendarBody,
  EVENT_ID,
  eventBody,
  flexGroup,
  flexTypes,
  saturday,
  sessionDetailBody,
  sessionsBody,
  setUpDateFirstRouteTests,
  TIMED_GROUP_ID,
  timedGroup,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

const SATURDAY_BUTTON = 'Sat 21 Nov Saturday, November 21, 2026';
const MONDAY_BUTTON = 'Mon 23 Nov Monday, November 23, 2026';

const describedTypes = [
  makeTicketType({ id: ADULT, ticket_group_id: TIMED_GROUP_ID, name: 'Adult' }),
  makeTicketType({
    id: CHILD,
    ticket_group_id: TIMED_GROUP_ID,
    name: 'Child',
    currency_amount: '12.00',
    description: 'Ages 3 to 12',
    _rank: 2,
  }),
];
/** an any-date pass on sale from Friday 2026-11-20 (venue midnight) for a year */
const pass = {
  ...flexGroup,
  summary: 'Visit on any open day within a year.',
  start_policy_date: '2026-11-20T05:00:00.000Z',
};

function fixtures() {
  return createFetchStub({
    'GET /cached_api/events/:id': eventBody({
      meta: [messageRulesMeta(EVENT_ID)],
      groups: [timedGroup, pass],
      types: [...describedTypes, ...flexTypes],
    }),
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': (request: StubRequest) =>
      sessionsBody(request.url.searchParams.get('_ondate') === '2026-11-21' ? saturday : []),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const id = request.url.pathname.split('/').pop();
      const session = saturday.find((s) => s.id === id);
      return session
        ? sessionDetailBody(session, { types: describedTypes })
        : errorResponse(404, 'not_found');
    },
    'POST /api/my/cart/modify': cartBundle(),
    'GET /api/my/cart/:id': cartBundle(),
  });
}

setUpDateFirstRouteTests();

describe('date-first message rules (shopping §3 "Message rules")', { timeout: 30_000 }, () => {
  it('shows the date message, session annotations, the session message and the quantity message', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    await user.click(await screen.findByRole('button', { name: 'Visit on a specific date' }));

    // a weekday has no date message; Saturday has the weekend one
    await user.click(await screen.findByRole('button', { name: MONDAY_BUTTON }));
    await screen.findByText('No times available');
    expect(screen.queryByText(WEEKEND_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SATURDAY_BUTTON }));
    expect(await screen.findByText(WEEKEND_MESSAGE)).toBeInTheDocument();

    // the 10:00 session falls in the quiet hour, 13:00 (the Afternoon tab) does not
    const ten = await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(ten.closest('label')).toHaveTextContent(QUIET_HOUR);
    await user.click(ten);
    await screen.findByRole('button', { name: 'Increase Adult' });
    expect(screen.queryByText(AFTERNOON_MESSAGE)).not.toBeInTheDocument();

    // the group-rate hint appears at 10 timed tickets, inclusive, and goes below it
    const increase = screen.getByRole('button', { name: 'Increase Adult' });
    for (let i = 0; i < 9; i += 1) await user.click(increase);
    expect(screen.queryByText(GROUP_RATE)).not.toBeInTheDocument();
    await user.click(increase);
    // announced: the hint sits in a polite live region
    expect(screen.getByText(GROUP_RATE).closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decrease Adult' }));
    expect(screen.queryByText(GROUP_RATE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Afternoon' }));
    const one = screen.getByRole('radio', { name: /1:00 PM/ });
    expect(one.closest('label')).not.toHaveTextContent(QUIET_HOUR);
    await user.click(one);
    expect(await screen.findByText(AFTERNOON_MESSAGE)).toBeInTheDocument();
  });

  it("shows each ticket type's description and the any-date pass's validity", async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    await user.click(await screen.findByRole('button', { name: 'Visit on a specific date' }));
    await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));

    const child = await screen.findByRole('group', { name: 'Child' });
    expect(child).toHaveAccessibleDescription(/Ages 3 to 12/);
    expect(within(child).getByText('Ages 3 to 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Visit on any date' }));
    await screen.findByRole('button', { name: 'Increase Anytime Adult' });
    expect(screen.getByText('Visit on any open day within a year.')).toBeInTheDocument();
    expect(
      screen.getByText('Valid any open day until Friday, November 19, 2027'),
    ).toBeInTheDocument();
  });
});
