import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EVENT_ID,
  MORNING,
  calendar,
  chooseQuantities,
  eventBody,
  fixtures,
  group,
  requestsTo,
  sessions,
  types,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';
import { fixtureId, makeTicketType } from '@/testing/api-fixtures';
import { sessionDetailBody, sessionsBody } from '@/testing/availability-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { answerCodePrompt, partnerRuleReserve } from '@/features/reserve/code-required-test-kit';

setUpQuantityFirstTests();

describe(
  'quantity-first flow: loading, limits and errors (shopping §4, §8)',
  { timeout: 15_000 },
  () => {
    it('disables submit while the dates load', async () => {
      let release: (value: unknown) => void = () => {};
      const pending = new Promise((resolve) => (release = resolve));
      const fetch = fixtures({
        'POST /api/events/:id/calendar': () => pending.then(() => calendar),
      });
      const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
      await chooseQuantities(user);
      await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
      expect(await screen.findByText('Finding dates…')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      release(null);
      await screen.findByRole('button', { name: /November 24, 2026/ });
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    });

    it('allows at most 10 ticket types on the client', async () => {
      const many = Array.from({ length: 11 }, (_, index) =>
        makeTicketType({ id: fixtureId(400 + index), name: `Type ${index + 1}`, _rank: index }),
      );
      const fetch = fixtures({
        'GET /cached_api/events/:id': eventBody(many, { ...group, max_tickets_per_order: null }),
      });
      const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
      await screen.findByRole('heading', { name: 'Choose your tickets' });
      for (const type of many) {
        await user.click(screen.getByRole('button', { name: `Increase ${type.name}` }));
      }
      await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
      expect(
        screen.getByText('You can only select up to 10 different types of tickets.'),
      ).toBeInTheDocument();
      expect(requestsTo(fetch, 'POST', '/calendar')).toHaveLength(0);
    });

    it('shows the 10-types message for validation_failed in context event_calendar', async () => {
      const fetch = fixtures({
        'POST /api/events/:id/calendar': () =>
          jsonResponse(
            {
              _data: [
                {
                  _code: 'validation_failed',
                  _context: 'event_calendar',
                  _description: 'ticket_types_required: too many',
                  _extra: null,
                },
              ],
            },
            400,
          ),
      });
      const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
      await chooseQuantities(user);
      await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
      expect(
        await screen.findByText('You can only select up to 10 different types of tickets.'),
      ).toBeInTheDocument();
    });

    it('shows the API message for other calendar errors', async () => {
      const fetch = fixtures({
        'POST /api/events/:id/calendar': () =>
          errorResponse(400, 'validation_failed', 'ticket_type_id: not an id'),
      });
      const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
      await chooseQuantities(user);
      await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
      expect(await screen.findByText('ticket_type_id: not an id')).toBeInTheDocument();
    });

    it('on a sold-out session offers the others with the spec message', async () => {
      let soldOut = false;
      const fetch = fixtures({
        'POST /api/events/:id/sessions': () =>
          sessionsBody(
            soldOut
              ? [{ ...sessions[0]!, sold_out: true, availableCapacity: 0 }, sessions[1]!]
              : sessions,
          ),
        'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
          session: sessions[0]!,
          ticket_group: [group],
          ticket_type: types,
        }),
        'POST /api/my/cart/modify': () => {
          soldOut = true;
          return errorResponse(409, 'event_session_sold_out', 'Sold out');
        },
      });
      const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
      await chooseQuantities(user);
      await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
      await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
      await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
      await waitFor(() => expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(
        await screen.findByText(
          'Tickets have sold out for the session at 11:00 AM. Please select another session and try again.',
          {},
          // reserve, then the day's sessions read again: two round trips on a busy machine
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('radio', { name: /11:00 AM/ })).toBeDisabled());
      expect(screen.getByRole('radio', { name: /1:00 PM/ })).not.toBeChecked();
      const form = screen.getByRole('region', { name: 'Choose your tickets' });
      expect(within(form).queryByLabelText(/First name/)).not.toBeInTheDocument();
    });

    // spec: shopping §8 rule_blocks_reserve / code_required (issue #25: the private group tour)
    it(
      "asks for the code a checkout rule needs, with the rule's words, and reserves again with it",
      { timeout: 40_000 },
      async () => {
        const fetch = fixtures({
          'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
            session: sessions[0]!,
            ticket_group: [group],
            ticket_type: types,
          }),
          'POST /api/my/cart/modify': partnerRuleReserve,
        });
        const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
        await chooseQuantities(user);
        await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
        await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
        await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
        await waitFor(() =>
          expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).toHaveLength(1),
        );
        await user.click(screen.getByRole('button', { name: 'Add to cart' }));
        await answerCodePrompt(user, () => requestsTo(fetch, 'POST', '/my/cart/modify'));
        await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
      },
    );
  },
);
