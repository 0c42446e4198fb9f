import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { makeTicketType } from '@/testing/api-fixtures';
import {
  makePricedSession,
  sessionDetailBody,
  sessionsBody,
} from '@/testing/availability-fixtures';
import { makeCalendarDay } from '@/testing/calendar-day-fixtures';
import type { StubRequest } from '@/testing/fetch-stub';
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
  EVENT_ID,
  eventBody,
  fixtures,
  group,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';

/** groups of ten allowed, so the group-rate hint can be reached */
const bigGroup = { ...group, name: 'Timed Admission', max_tickets_per_order: 20 };
const describedTypes = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '10.00' }),
  makeTicketType({
    id: CHILD,
    name: 'Child',
    currency_amount: '7.00',
    description: 'Ages 3 to 12',
    _rank: 2,
  }),
];
/** Saturday 2026-11-28 in New York: 10:00 (the quiet hour) and 14:00 (the afternoon) */
const quiet = makePricedSession({ start_datetime: '2026-11-28T15:00:00.000Z' });
const afternoon = makePricedSession({
  id: '00000000-0000-4000-8000-000000000399',
  start_datetime: '2026-11-28T19:00:00.000Z',
});

function messageFixtures() {
  const event = eventBody(describedTypes, bigGroup);
  event.meta = toCollection([...(event.meta?._data ?? []), messageRulesMeta(EVENT_ID)]);
  return fixtures({
    'GET /cached_api/events/:id': event,
    'POST /api/events/:id/calendar': {
      calendar: toCollection([makeCalendarDay('2026-11-27'), makeCalendarDay('2026-11-28')]),
    },
    'POST /api/events/:id/sessions': (request: StubRequest) =>
      sessionsBody(
        request.url.searchParams.get('_ondate') === '2026-11-28' ? [quiet, afternoon] : [],
      ),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) =>
      sessionDetailBody({
        session: request.url.pathname.endsWith(afternoon.id) ? afternoon : quiet,
        ticket_group: [bigGroup],
        ticket_type: describedTypes,
      }),
  });
}

setUpQuantityFirstTests();

describe('quantity-first message rules (shopping §3 "Message rules")', { timeout: 30_000 }, () => {
  it('shows the quantity, date and session messages at their steps, and type descriptions', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: messageFixtures() });
    await screen.findByRole('heading', { name: 'Choose your tickets' });
    expect(screen.getByRole('group', { name: 'Child' })).toHaveAccessibleDescription(
      /Ages 3 to 12/,
    );

    // the group-rate hint at 10 tickets of the group, not at 9
    const increase = screen.getByRole('button', { name: 'Increase Adult' });
    for (let i = 0; i < 9; i += 1) await user.click(increase);
    expect(screen.queryByText(GROUP_RATE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase Child' }));
    expect(screen.getByText(GROUP_RATE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    // the closed step still says it beside the summary
    expect(await screen.findByText('9 × Adult')).toBeInTheDocument();
    expect(screen.getByText(GROUP_RATE)).toBeInTheDocument();

    // Friday has no date message, Saturday the weekend one
    await user.click(await screen.findByRole('button', { name: /November 27, 2026/ }));
    await screen.findByText('No times available');
    expect(screen.queryByText(WEEKEND_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /November 28, 2026/ }));
    expect(await screen.findByText(WEEKEND_MESSAGE)).toBeInTheDocument();

    const ten = await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(ten.closest('label')).toHaveTextContent(QUIET_HOUR);
    await user.click(ten);
    expect(screen.queryByText(AFTERNOON_MESSAGE)).not.toBeInTheDocument();
    const two = screen.getByRole('radio', { name: /2:00 PM/ });
    expect(two.closest('label')).not.toHaveTextContent(QUIET_HOUR);
    await user.click(two);
    expect(await screen.findByText(AFTERNOON_MESSAGE)).toBeInTheDocument();
  });
});
