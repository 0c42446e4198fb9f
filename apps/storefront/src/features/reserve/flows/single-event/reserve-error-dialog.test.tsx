import { screen, waitFor, within } from '@testing-library/react';
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
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { answerCodePrompt, partnerRuleReserve } from '@/features/reserve/code-required-test-kit';

const EVENT_ID = fixtureId(1);
const group = makeTicketGroup({ id: fixtureId(100), name: 'Concert' });
const types = [makeTicketType({ id: fixtureId(201), name: 'Orchestra' })];
const session = makePricedSession({ id: fixtureId(300), start_datetime: '2026-12-17T00:30:00Z' });

/** The single-event form whose reserve answers `failures` in turn, then succeeds. */
function renderWithFailures(failures: Response[]) {
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': eventTemplateBody({
      event_template: [makeEventTemplate({ id: EVENT_ID, name: 'Concert', event_type: 'single' })],
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
    'POST /api/my/cart/modify': () => failures.shift() ?? cartBundle(),
  });
  return { ...renderRoute(`/events/${EVENT_ID}`, { fetch }), fetch };
}

const reserves = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/my/cart/modify'));

async function reserveOne(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Increase Orchestra' }));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
}

beforeAll(async () => {
  await import('@/features/reserve/flows/single-event/single-event-reserve');
  await import('@/features/reserve/components/reserve-error-dialog');
});

beforeEach(() => localStorage.clear());

describe('reserve errors with a description (shopping §8)', { timeout: 15_000 }, () => {
  it('shows the description in a dialog whose "Try again" sends the same reserve', async () => {
    const { user, fetch, router } = renderWithFailures([
      errorResponse(409, 'cart_locked', 'Your cart is being updated. Please wait a moment.'),
    ]);
    await reserveOne(user);
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(
      within(dialog).getByText('Your cart is being updated. Please wait a moment.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).not.toMatch(/\/checkout$/);

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    const [first, second] = reserves(fetch);
    expect(second!.body).toEqual(first!.body);
  });

  it('"Cancel" closes the dialog and sends nothing more', async () => {
    const { user, fetch } = renderWithFailures([
      errorResponse(409, 'cart_locked', 'Your cart is being updated. Please wait a moment.'),
    ]);
    await reserveOne(user);
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reserves(fetch)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('keeps the expected errors inline and rethrows code_not_found as the generic message', async () => {
    const { user } = renderWithFailures([
      errorResponse(422, 'max_tickets_per_order_exceeded', 'No more than 10 tickets per order.'),
      errorResponse(404, 'code_not_found', 'No such promo code.'),
    ]);
    await reserveOne(user);
    expect(await screen.findByText('No more than 10 tickets per order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Sorry! Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// spec: shopping §8 rule_blocks_reserve / code_required (issue #25: the private group tour)
describe('a checkout rule asking for a code', { timeout: 40_000 }, () => {
  it("asks for the code with the rule's words and reserves again with it", async () => {
    const fetch = createFetchStub({
      'GET /cached_api/events/:id': eventTemplateBody({
        event_template: [makeEventTemplate({ id: EVENT_ID, name: 'Tour', event_type: 'single' })],
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
      'POST /api/my/cart/modify': partnerRuleReserve,
    });
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await reserveOne(user);
    await answerCodePrompt(user, () => reserves(fetch));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
  });
});
