import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
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
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { HELD_CITYPASS_NOTE, heldCitypassCart } from '@/features/reserve/citypass-test-kit';

/**
 * spec: shopping §3 config `web.ecommerce.citypass`, §5 "CityPASS codes", §8 "invalid_citypass
 * and code_exhausted are shown as a CityPASS error" (issue #25, decision 0076).
 */

const EVENT_ID = fixtureId(1);
const ADULT = fixtureId(201);
const CHILD = fixtureId(202);
const group = makeTicketGroup({ id: fixtureId(100), name: 'Admission', max_tickets_per_order: 20 });
const types = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '25.00' }),
  makeTicketType({ id: CHILD, name: 'Child', currency_amount: '12.00', _rank: 2 }),
];
const MISMATCH = 'Does not match the expected format. Please check your CityPASS code.';

function renderSingle(refusal: Response, held?: ReturnType<typeof heldCitypassCart>) {
  const session = makePricedSession({ id: fixtureId(300), start_datetime: '2026-12-19T15:30:00Z' });
  const event = eventTemplateBody({
    event_template: [makeEventTemplate({ id: EVENT_ID, name: 'City Tour', event_type: 'single' })],
    venue: [makeVenue()],
    ticket_group: [group],
    ticket_type: types,
  });
  event.config = toCollection([
    {
      id: fixtureId(6000),
      resource: 'event_template',
      resource_id: EVENT_ID,
      key: 'web.ecommerce',
      value: { citypass: true },
    },
  ]);
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': event,
    'GET /api/events/:id/sessions': sessionsBody([session]),
    'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
      session,
      ticket_group: [group],
      ticket_type: types,
    }),
    'POST /api/my/cart/modify': () => refusal.clone(),
    'POST /api/my/cart/:id/modify': () => refusal.clone(),
    ...held?.reads,
  });
  return {
    ...renderRoute(`/events/${EVENT_ID}`, { fetch, ...(held ? { config: held.config } : {}) }),
    fetch,
  };
}

async function fillAdultAndChild(user: ReturnType<typeof renderSingle>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Child' }));
  await user.click(screen.getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
  await user.type(screen.getByLabelText('CityPASS code'), 'CITYPASS');
  await user.type(screen.getByLabelText('Adult ticket 1: voucher number'), '12345678');
  await user.type(screen.getByLabelText('Child ticket 1: voucher number'), '1234 5678');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
}

beforeAll(async () => {
  await import('@/features/reserve/flows/single-event/single-event-reserve');
});
beforeEach(() => localStorage.clear());

describe('CityPASS on the single-event form', { timeout: 30_000 }, () => {
  it("puts the server's mismatch under the voucher it names", async () => {
    const { user, fetch } = renderSingle(
      errorResponse(422, 'invalid_citypass', MISMATCH, { ticket_type_id: CHILD, voucher_index: 0 }),
    );
    await fillAdultAndChild(user);
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(screen.getByLabelText('Child ticket 1: voucher number')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      citypass: {
        code: 'CITYPASS',
        vouchers: [
          { ticket_type_id: ADULT, voucher: '12345678' },
          { ticket_type_id: CHILD, voucher: '12345678' },
        ],
      },
    });
  });

  it('shows code_exhausted as a CityPASS error under the form', async () => {
    const { user } = renderSingle(
      errorResponse(422, 'code_exhausted', 'This code has been used up'),
    );
    await fillAdultAndChild(user);
    expect(
      await screen.findByText('There is a problem with your CityPASS: This code has been used up'),
    ).toBeInTheDocument();
    expect(screen.queryByText(MISMATCH)).toBeNull();
  });

  // decision 0098: a ticket added to a cart that holds the code brings its voucher
  it('asks a voucher for every ticket added to a cart that holds a CityPASS code, and sends no code', async () => {
    const { user, fetch } = renderSingle(
      errorResponse(422, 'invalid_citypass', MISMATCH, { ticket_type_id: ADULT, voucher_index: 0 }),
      heldCitypassCart(),
    );
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    expect(await screen.findByText(HELD_CITYPASS_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I have CityPASS vouchers' })).toBeNull();
    expect(screen.queryByLabelText('CityPASS code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Please enter a voucher number.')).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Adult ticket 1: voucher number'), '1234-5678');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect((post.body as { citypass: unknown }).citypass).toEqual({
      vouchers: [{ ticket_type_id: ADULT, voucher: '12345678' }],
    });
  });
});
