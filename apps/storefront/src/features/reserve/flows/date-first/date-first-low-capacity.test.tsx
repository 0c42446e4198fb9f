import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  calendarBody,
  EVENT_ID,
  eventBody,
  saturday,
  sessionDetailBody,
  sessionsBody,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * The seller's remaining-capacity display threshold on the date-first page (shopping §9
 * "Low-capacity label below 10 tickets unless a remaining-capacity display threshold is
 * configured"; decision 0124). Saturday's 10:00 has 50 places left, its 1:00 PM 5.
 */

const SATURDAY_BUTTON = 'Sat 21 Nov Saturday, November 21, 2026';

function fixtures() {
  return createFetchStub({
    'GET /cached_api/events/:id': eventBody(),
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': sessionsBody(saturday),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const session = saturday.find((s) => s.id === request.url.pathname.split('/').pop());
      return session ? sessionDetailBody(session) : errorResponse(404, 'not_found');
    },
    'GET /api/my/cart/:id': cartBundle(),
  });
}

/** Opens Saturday's session at `time` under a seller threshold (none: the default). */
async function openSession(time: 'morning' | 'afternoon', threshold?: number) {
  const { user } = renderRoute(`/events/${EVENT_ID}`, {
    fetch: fixtures(),
    config: makeSellerConfig(
      threshold === undefined ? {} : { remaining_capacity_threshold: threshold },
    ),
  });
  await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
  if (time === 'afternoon') await user.click(await screen.findByRole('tab', { name: 'Afternoon' }));
  await user.click(
    await screen.findByRole('radio', { name: time === 'morning' ? /10:00 AM/ : /1:00 PM/ }),
  );
  // the ticket step is drawn: the label, if any, is drawn with it
  await screen.findByRole('button', { name: 'Increase Adult' });
}

const label = () => screen.queryByText(/^Hurry, less than/);

setUpDateFirstRouteTests();

describe('remaining-capacity display threshold (shopping §9)', { timeout: 30_000 }, () => {
  it('without a setting: the spec’s text below 10 places', async () => {
    await openSession('afternoon');
    expect(label()).toHaveTextContent('Hurry, less than 10 tickets available.');
  });

  it('a threshold of 3: no label at 5 places left', async () => {
    await openSession('afternoon', 3);
    expect(label()).not.toBeInTheDocument();
  });

  it('a threshold of 60: the label at 50 places left, saying 60', async () => {
    await openSession('morning', 60);
    expect(label()).toHaveTextContent('Hurry, less than 60 tickets available.');
  });

  it('a threshold of 0: never a label, even at 5 places left', async () => {
    await openSession('afternoon', 0);
    expect(label()).not.toBeInTheDocument();
  });

  it('the default threshold shows nothing at 50 places left', async () => {
    await openSession('morning');
    expect(label()).not.toBeInTheDocument();
  });
});
