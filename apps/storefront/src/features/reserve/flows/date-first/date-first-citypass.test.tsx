import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { fixtureId } from '@/testing/api-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
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

const HINT =
  'Visiting with CityPASS? Add your tickets, then enter the CityPASS code and one voucher number per ticket in your cart.';

setUpDateFirstRouteTests();

describe('CityPASS on the date-first form', { timeout: 15_000 }, () => {
  it('says how vouchers are given on an event that takes CityPASS, and on no other', async () => {
    const refusal = errorResponse(422, 'invalid_citypass');
    const { unmount } = render({ citypass: true, refusal });
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    unmount();
    render({ citypass: false, refusal });
    await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' });
    expect(screen.queryByText(HINT)).toBeNull();
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
});
