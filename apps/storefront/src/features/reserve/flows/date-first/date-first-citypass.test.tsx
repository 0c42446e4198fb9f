import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { fixtureId } from '@/testing/api-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { HELD_CITYPASS_NOTE, heldCitypassCart } from '@/features/reserve/citypass-test-kit';
import {
  ADULT,
  EVENT_ID,
  eventBody,
  saturdayReads,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * spec: shopping §3 config `web.ecommerce.citypass`, §8 "invalid_citypass and code_exhausted are
 * shown as a CityPASS error" (issue #25, decision 0065).
 */
function citypassEvent(citypass: boolean) {
  const body = eventBody({ tabs: false });
  body.config = toCollection([
    {
      id: fixtureId(6000),
      resource: 'event_template',
      resource_id: EVENT_ID,
      key: 'web.ecommerce',
      value: { citypass },
    },
  ]);
  return body;
}

function render(options: { citypass: boolean; refusal: Response }) {
  const config = makeSellerConfig();
  setSellerSlug(config.seller.slug);
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': citypassEvent(options.citypass),
    ...saturdayReads(),
    'POST /api/my/cart/modify': () => options.refusal.clone(),
  });
  return { ...renderRoute(`/events/${EVENT_ID}?code=CITYPASS`, { config, fetch }), fetch };
}

async function reserveOneAdult(user: ReturnType<typeof render>['user']) {
  await user.click(
    await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
  );
  await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
  await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
}

const ENABLE = 'I have CityPASS vouchers';
const MISMATCH = 'Does not match the expected format. Please check your CityPASS code.';

setUpDateFirstRouteTests();

describe('CityPASS on the date-first form', { timeout: 30_000 }, () => {
  it('offers the CityPASS fields on an event that takes CityPASS, and on no other', async () => {
    const refusal = errorResponse(422, 'invalid_citypass');
    const { unmount } = render({ citypass: true, refusal });
    expect(await screen.findByRole('checkbox', { name: ENABLE })).not.toBeChecked();
    unmount();
    render({ citypass: false, refusal });
    await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' });
    expect(screen.queryByRole('checkbox', { name: ENABLE })).toBeNull();
  });

  it('asks the code and one voucher per selected ticket, and sends them with the reserve', async () => {
    const { user, fetch } = render({
      citypass: true,
      refusal: errorResponse(422, 'invalid_citypass', MISMATCH, {
        ticket_type_id: ADULT,
        voucher_index: 1,
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
    );
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('checkbox', { name: ENABLE }));
    const vouchers = screen.getAllByPlaceholderText('Enter voucher number');
    expect(vouchers).toHaveLength(2);
    expect(screen.getByLabelText('Adult ticket 2: voucher number')).toBe(vouchers[1]);
    // spec: shopping §5 — each voucher field is required: nothing is sent while one is empty
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Please enter your CityPASS code.')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a voucher number.')).toHaveLength(2);
    expect(fetch.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('CityPASS code'), 'CITYPASS');
    await user.type(vouchers[0]!, '1234 5678');
    await user.type(vouchers[1]!, '9999-0000');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    // the server's mismatch about the second Adult voucher shows under that field
    const field = screen.getByLabelText('Adult ticket 2: voucher number');
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Adult ticket 1: voucher number')).not.toHaveAttribute(
      'aria-invalid',
    );
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      citypass: {
        code: 'CITYPASS',
        vouchers: [
          { ticket_type_id: ADULT, voucher: '12345678' },
          { ticket_type_id: ADULT, voucher: '99990000' },
        ],
      },
    });
  });

  it('shows invalid_citypass as a CityPASS error, not a retry dialog', async () => {
    const { user, fetch } = render({
      citypass: true,
      refusal: errorResponse(
        422,
        'invalid_citypass',
        'A CityPASS voucher is required for each ticket',
        { ticket_id: fixtureId(7001) },
      ),
    });
    await reserveOneAdult(user);
    expect(
      await screen.findByText(
        'There is a problem with your CityPASS: A CityPASS voucher is required for each ticket',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ preReservePromoCodes: ['CITYPASS'] });
  });

  it('shows code_exhausted as a CityPASS error on a CityPASS event only', async () => {
    const refusal = errorResponse(422, 'code_exhausted', 'This code has been used up');
    const first = render({ citypass: true, refusal });
    await reserveOneAdult(first.user);
    expect(
      await screen.findByText('There is a problem with your CityPASS: This code has been used up'),
    ).toBeInTheDocument();
    first.unmount();

    const second = render({ citypass: false, refusal });
    await reserveOneAdult(second.user);
    // elsewhere it stays the API's described error, offered as a retry (shopping §8)
    expect(await screen.findByRole('dialog')).toHaveTextContent('This code has been used up');
    expect(screen.queryByText(/There is a problem with your CityPASS/)).toBeNull();
  });

  // decision 0098: on a cart that holds a CityPASS code covering the event, whatever its flag
  it('asks a voucher per ticket added to a cart that holds a CityPASS code', async () => {
    const held = heldCitypassCart();
    const fetch = createFetchStub({
      'GET /cached_api/events/:id': citypassEvent(false),
      ...saturdayReads(),
      ...held.reads,
      'POST /api/my/cart/:id/modify': () => errorResponse(422, 'code_exhausted', 'used up'),
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { config: held.config, fetch });
    await user.click(
      await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
    );
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    expect(screen.getByText(HELD_CITYPASS_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: ENABLE })).toBeNull();
    await user.type(screen.getByLabelText('Adult ticket 1: voucher number'), '11112222');
    await user.type(screen.getByLabelText('Adult ticket 2: voucher number'), '33334444');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByText(/There is a problem with your CityPASS|used up/);
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect((post.body as { citypass: unknown }).citypass).toEqual({
      vouchers: [
        { ticket_type_id: ADULT, voucher: '11112222' },
        { ticket_type_id: ADULT, voucher: '33334444' },
      ],
    });
  });
});
