import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADULT,
  CHILD,
  EVENT_ID,
  MORNING,
  chooseQuantities,
  eventBody,
  fixtures,
  group,
  requestsTo,
  sessions,
  setUpQuantityFirstTests,
  types,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';
import { sessionDetailBody } from '@/testing/availability-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { toCollection } from '@admit/contracts/envelope';
import { fixtureId } from '@/testing/api-fixtures';
import { errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { rememberLanding } from '@/stores/landing-attribution';

setUpQuantityFirstTests();
afterEach(() => sessionStorage.clear());

const plainSession = {
  'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
    session: sessions[0]!,
    ticket_group: [group],
    ticket_type: types,
  }),
};

const ADD = [
  {
    event_session_id: MORNING,
    ticket_types_required: [
      { ticket_type_id: ADULT, quantity: 2 },
      { ticket_type_id: CHILD, quantity: 1 },
    ],
  },
];

async function reserve(fetch: ReturnType<typeof fixtures>, landing: RegExp = /\/checkout$/) {
  const { user, router } = renderRoute(`/events/${EVENT_ID}`, { fetch });
  await chooseQuantities(user);
  await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
  await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
  await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
  await waitFor(() => expect(requestsTo(fetch, 'GET', `/sessions/${MORNING}`)).toHaveLength(1));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(landing));
}

describe('web.ecommerce.next_route (shopping §3)', () => {
  it('after reserving, goes to the event’s next route instead of checkout', async () => {
    const body = eventBody();
    body.config = toCollection([
      {
        id: fixtureId(6001),
        resource: 'event_template',
        resource_id: EVENT_ID,
        key: 'web.ecommerce',
        value: { next_route: `/events/${fixtureId(2)}` },
      },
    ]);
    const fetch = fixtures({ ...plainSession, 'GET /cached_api/events/:id': body });
    await reserve(fetch, new RegExp(`/events/${fixtureId(2)}$`));
  }, 20_000);
});

describe('a new cart carries the landing campaign and codes (shopping §7, decision 0062)', () => {
  it('sends the campaign and preloaded codes the visit landed with', async () => {
    rememberLanding('?utm_campaign=winter-poster&code=WINTER10');
    const fetch = fixtures(plainSession);
    await reserve(fetch);
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')[0]!.body).toEqual({
      campaign: 'winter-poster',
      preloadedPromoCodes: ['WINTER10'],
      add: ADD,
    });
  }, 20_000);

  it('a landing code the tickets cannot use does not cost the reserve: sent again without it', async () => {
    rememberLanding('?campaign=poster&code=NOPE');
    const fetch = fixtures({
      ...plainSession,
      'POST /api/my/cart/modify': (request: StubRequest) =>
        (request.body as { preloadedPromoCodes?: string[] }).preloadedPromoCodes
          ? errorResponse(404, 'code_not_found', '"NOPE" is not a valid promo code.', {
              code: 'NOPE',
            })
          : cartBundle(),
    });
    await reserve(fetch);
    const calls = requestsTo(fetch, 'POST', '/my/cart/modify');
    expect(calls.map((c) => c.body)).toEqual([
      { campaign: 'poster', preloadedPromoCodes: ['NOPE'], add: ADD },
      { campaign: 'poster', add: ADD },
    ]);
  }, 20_000);

  it('a visit without a landing query sends neither', async () => {
    const fetch = fixtures(plainSession);
    await reserve(fetch);
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')[0]!.body).toEqual({ add: ADD });
  }, 20_000);
});
