import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADULT,
  CHILD,
  EVENT_ID,
  MORNING,
  chooseQuantities,
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

describe('quantity-first flow (shopping §2 item 7, §4)', { timeout: 15_000 }, () => {
  it('asks for "Find available tickets" before anything else, and for tickets before finding', async () => {
    const fetch = fixtures();
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await screen.findByRole('heading', { name: 'Choose your tickets' });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText("Please click the 'Find available tickets' button to continue"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find available tickets' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    expect(screen.getByText('Please select at least one ticket to continue.')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST', '/calendar')).toHaveLength(0);
    // the message was about the old quantities
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    expect(
      screen.queryByText('Please select at least one ticket to continue.'),
    ).not.toBeInTheDocument();
  });

  it('finds dates for the quantities, then sessions for the date, then reserves them', async () => {
    const fetch = fixtures();
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));

    // quantities close into a summary; the calendar read is priced by them
    expect(await screen.findByText('2 × Adult')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Increase Adult' })).not.toBeInTheDocument();
    const [calendarCall] = requestsTo(fetch, 'POST', `/events/${EVENT_ID}/calendar`);
    expect(calendarCall!.url.searchParams.get('_format')).toBe('extended');
    expect(calendarCall!.url.searchParams.get('start_datetime._lt')).toBe('2027-11-01');
    expect(calendarCall!.body).toEqual({
      ticket_types_required: [
        { ticket_type_id: ADULT, quantity: 2 },
        { ticket_type_id: CHILD, quantity: 1 },
      ],
    });

    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    const sessionOption = await screen.findByRole('radio', { name: /11:00 AM/ });
    const [sessionsCall] = requestsTo(fetch, 'POST', `/events/${EVENT_ID}/sessions`);
    expect(sessionsCall!.url.searchParams.get('_ondate')).toBe('2026-11-24');
    expect(sessionsCall!.url.searchParams.get('_include_sold_out')).toBe('true');
    expect(sessionsCall!.body).toEqual(calendarCall!.body);

    // the session opens the name details the group asks for
    await user.click(sessionOption);
    const firstNames = await screen.findAllByLabelText(/First name/);
    expect(firstNames).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect((await screen.findAllByText('Input must not be empty.')).length).toBeGreaterThan(0);
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
    // the refused submit takes the keyboard to the first empty field (focus-first-issue); the
    // typing below starts once it has, or the move could land in the middle of it
    await waitFor(() => expect(firstNames[0]).toHaveFocus());

    const lastNames = screen.getAllByLabelText(/Last name/);
    for (const [index, input] of firstNames.entries()) {
      await user.type(input, `G${index}`);
      await user.type(lastNames[index]!, 'S');
    }
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    const [reserve] = requestsTo(fetch, 'POST', '/my/cart/modify');
    expect(reserve!.body).toEqual({
      reserve: {
        tickets: [
          { ticket_type_id: ADULT, event_session_id: MORNING, admit_name: 'G0 S' },
          { ticket_type_id: ADULT, event_session_id: MORNING, admit_name: 'G1 S' },
          { ticket_type_id: CHILD, event_session_id: MORNING, admit_name: 'G2 S' },
        ],
      },
    });
  }, 20_000);

  it('sends plain quantities in `add` when no details are asked', async () => {
    const fetch = fixtures({
      'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
        session: sessions[0]!,
        ticket_group: [group],
        ticket_type: types,
      }),
    });
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
    await waitFor(() => expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')[0]!.body).toEqual({
      add: [
        {
          event_session_id: MORNING,
          ticket_types_required: [
            { ticket_type_id: ADULT, quantity: 2 },
            { ticket_type_id: CHILD, quantity: 1 },
          ],
        },
      ],
    });
  });

  it('asks for a date, then a session, before reserving', async () => {
    const fetch = fixtures();
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await screen.findByRole('button', { name: /November 24, 2026/ });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Please select a date to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /November 24, 2026/ }));
    await screen.findByRole('radio', { name: /11:00 AM/ });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Please select a session to continue.')).toBeInTheDocument();
  });

  it('changing an earlier step resets the later ones', async () => {
    const fetch = fixtures();
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
    await screen.findAllByLabelText(/First name/);

    // a new date: the session and its details go
    await user.click(screen.getByRole('button', { name: /November 25, 2026/ }));
    const morning = await screen.findByRole('radio', { name: /11:00 AM/ });
    expect(morning).not.toBeChecked();
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();

    // reopening the quantities: dates and sessions go, the quantities stay
    await user.click(screen.getByRole('button', { name: 'Change tickets' }));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Adult quantity' })).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await screen.findByRole('button', { name: /November 24, 2026/ });
    expect(
      screen.getByRole('button', { name: /November 24, 2026/ }).closest('td'),
    ).not.toHaveAttribute('aria-selected', 'true');
    const calls = requestsTo(fetch, 'POST', '/calendar');
    expect(calls.at(-1)!.body).toEqual({
      ticket_types_required: [
        { ticket_type_id: ADULT, quantity: 3 },
        { ticket_type_id: CHILD, quantity: 1 },
      ],
    });
  });
});
