import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import {
  makePricedSession,
  sessionDetailBody,
  sessionsBody,
} from '@/testing/availability-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  AFTERNOON_MESSAGE,
  GROUP_RATE,
  messageRulesMeta,
  QUIET_HOUR,
  WEEKEND_MESSAGE,
} from '@/features/reserve/message-rules-test-kit';

const EVENT_ID = fixtureId(1);
const GROUP_ID = fixtureId(100);
const group = makeTicketGroup({ id: GROUP_ID, name: 'Timed Admission', max_tickets_per_order: 20 });
const types = [
  makeTicketType({ id: fixtureId(201), name: 'Adult', currency_amount: '25.00' }),
  makeTicketType({
    id: fixtureId(202),
    name: 'Child',
    currency_amount: '12.00',
    description: 'Ages 3 to 12',
    _rank: 2,
  }),
];

/** the event's one session, starting at `startUtc` */
function renderSingle(startUtc: string) {
  const session = makePricedSession({ id: fixtureId(300), start_datetime: startUtc });
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': eventTemplateBody({
      event_template: [
        makeEventTemplate({ id: EVENT_ID, name: 'Evening of Light', event_type: 'single' }),
      ],
      meta: [messageRulesMeta(EVENT_ID)],
      venue: [makeVenue()],
      ticket_group: [group],
      ticket_type: types,
    }),
    'GET /api/events/:id/sessions': sessionsBody([session]),
    'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
      session,
      ticket_group: [group],
      ticket_type: types,
    }),
  });
  return renderRoute(`/events/${EVENT_ID}`, { fetch });
}

beforeAll(async () => {
  await import('@/features/reserve/flows/single-event/single-event-reserve');
});
beforeEach(() => localStorage.clear());

describe('single-event message rules (shopping §3 "Message rules")', { timeout: 30_000 }, () => {
  it("shows the one session's date message and annotation, and the quantity message", async () => {
    // Saturday 2026-12-19, 10:30 in New York: a weekend day in the quiet hour
    const { user } = renderSingle('2026-12-19T15:30:00.000Z');
    const when = await screen.findByText(/Saturday, December 19, 2026 at 10:30 AM/);
    expect(when).toHaveTextContent(QUIET_HOUR);
    expect(screen.getByText(WEEKEND_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(AFTERNOON_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Child' })).toHaveAccessibleDescription(
      /Ages 3 to 12/,
    );

    const increase = screen.getByRole('button', { name: 'Increase Adult' });
    for (let i = 0; i < 9; i += 1) await user.click(increase);
    expect(screen.queryByText(GROUP_RATE)).not.toBeInTheDocument();
    await user.click(increase);
    expect(screen.getByText(GROUP_RATE)).toBeInTheDocument();
  });

  it('shows the session message of an afternoon session, and no weekday date message', async () => {
    // Tuesday 2026-12-15, 14:00 in New York
    renderSingle('2026-12-15T19:00:00.000Z');
    const when = await screen.findByText(/Tuesday, December 15, 2026 at 2:00 PM/);
    expect(when).not.toHaveTextContent(QUIET_HOUR);
    expect(screen.getByText(AFTERNOON_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(WEEKEND_MESSAGE)).not.toBeInTheDocument();
  });
});
