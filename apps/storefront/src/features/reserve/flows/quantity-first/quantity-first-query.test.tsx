import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADULT,
  CHILD,
  EVENT_ID,
  MORNING,
  fixtures,
  group,
  requestsTo,
  sessions,
  types,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';
import { sessionDetailBody } from '@/testing/availability-fixtures';
import { renderRoute } from '@/testing/render-route';

setUpQuantityFirstTests();

// the session asks for no names, so nothing but the query stands between preselect and reserve
const noDetails = () =>
  fixtures({
    'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
      session: sessions[0]!,
      ticket_group: [group],
      ticket_type: types,
    }),
  });

const route = (query: string) => `/events/${EVENT_ID}?${query}`;

describe('quantity-first reserve query parameters (shopping §5)', { timeout: 15_000 }, () => {
  it('preselects quantities, then the session and its date, without reserving', async () => {
    const fetch = noDetails();
    renderRoute(route(`quantities=Adult:2,child:1&session=${MORNING}`), { fetch });
    // quantities closed by "find", priced by the preselected quantities
    expect(await screen.findByText('2 × Adult')).toBeInTheDocument();
    expect(screen.getByText('1 × Child')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /11:00 AM/ })).toBeChecked();
    const [calendarCall] = requestsTo(fetch, 'POST', `/events/${EVENT_ID}/calendar`);
    expect(calendarCall!.body).toEqual({
      ticket_types_required: [
        { ticket_type_id: ADULT, quantity: 2 },
        { ticket_type_id: CHILD, quantity: 1 },
      ],
    });
    const [sessionsCall] = requestsTo(fetch, 'POST', `/events/${EVENT_ID}/sessions`);
    expect(sessionsCall!.url.searchParams.get('_ondate')).toBe('2026-11-24');
    await waitFor(() =>
      expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).not.toHaveLength(0),
    );
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('preselects a date and leaves the session to the visitor', async () => {
    const fetch = noDetails();
    renderRoute(route('quantities=Adult:1&date=2026-11-24&reserve=true'), { fetch });
    const morning = await screen.findByRole('radio', { name: /11:00 AM/ });
    expect(morning).not.toBeChecked();
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
  });

  it('reserve=true reserves at once and moves on', async () => {
    const fetch = noDetails();
    const { router } = renderRoute(route(`quantities=Adult:2&session=${MORNING}&reserve=true`), {
      fetch,
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    const modify = requestsTo(fetch, 'POST', '/my/cart/modify');
    expect(modify).toHaveLength(1);
    expect(modify[0]!.body).toEqual({
      add: [
        {
          event_session_id: MORNING,
          ticket_types_required: [{ ticket_type_id: ADULT, quantity: 2 }],
        },
      ],
    });
  });

  it('reserve=warn shows what is missing, keeps the preselection and does not reserve', async () => {
    const fetch = noDetails();
    renderRoute(route(`quantities=Adult:2,Senior:1&session=${MORNING}&reserve=warn`), { fetch });
    expect(
      await screen.findByText('Sorry, the selected ticket types are not available'),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 × Adult')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /11:00 AM/ })).toBeChecked();
    await waitFor(() =>
      expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).not.toHaveLength(0),
    );
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
  });

  it('reserve=strict with an unknown type preselects nothing', async () => {
    const fetch = noDetails();
    renderRoute(route(`quantities=Adult:2,Senior:1&session=${MORNING}&reserve=strict`), { fetch });
    expect(
      await screen.findByText('Sorry, the selected ticket types are not available'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find available tickets' })).toBeInTheDocument();
    expect(screen.queryByText('2 × Adult')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
  });

  it('a date the quantities do not fit on gives the unavailable-date message', async () => {
    const fetch = noDetails();
    renderRoute(route('quantities=Adult:1&date=2026-12-30'), { fetch });
    expect(
      await screen.findByText('Sorry, tickets are not available on the date of your visit'),
    ).toBeInTheDocument();
  });
});
