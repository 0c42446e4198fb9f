import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import {
  EVENT_ID,
  chooseQuantities,
  eventBody,
  fixtures,
  requestsTo,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';
import { fixtureId } from '@/testing/api-fixtures';
import { renderRoute } from '@/testing/render-route';
import { HELD_CITYPASS_NOTE, heldCitypassCart } from '@/features/reserve/citypass-test-kit';

/** spec: shopping §3 `web.ecommerce.citypass`, §5 "CityPASS codes" (issue #25, decision 0076). */

setUpQuantityFirstTests();

function citypassEvent(citypass: boolean) {
  const body = eventBody();
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

describe('CityPASS on the quantity-first form', { timeout: 30_000 }, () => {
  it('asks one required voucher per chosen ticket, and sends nothing while one is empty', async () => {
    const fetch = fixtures({ 'GET /cached_api/events/:id': citypassEvent(true) });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
    await user.click(screen.getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
    // two Adults and a Child: three fields, by type
    expect(screen.getAllByPlaceholderText('Enter voucher number')).toHaveLength(3);
    expect(screen.getByLabelText('Child ticket 1: voucher number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Adult ticket 1: voucher number'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findAllByText('Please enter a voucher number.')).toHaveLength(2);
    expect(screen.getByText('Please enter your CityPASS code.')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);
  });

  it('offers no CityPASS fields on an event that does not take CityPASS', async () => {
    const fetch = fixtures({ 'GET /cached_api/events/:id': citypassEvent(false) });
    renderRoute(`/events/${EVENT_ID}`, { fetch });
    await screen.findByRole('heading', { name: 'Choose your tickets' });
    expect(screen.queryByRole('checkbox', { name: 'I have CityPASS vouchers' })).toBeNull();
  });

  // decision 0098: on a cart that holds a CityPASS code, no checkbox: every ticket's voucher
  it('asks a voucher per chosen ticket on a cart that holds a CityPASS code', async () => {
    const held = heldCitypassCart();
    const fetch = fixtures({ 'GET /cached_api/events/:id': citypassEvent(true), ...held.reads });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch, config: held.config });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
    expect(screen.getByText(HELD_CITYPASS_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'I have CityPASS vouchers' })).toBeNull();
    expect(screen.getAllByPlaceholderText('Enter voucher number')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findAllByText('Please enter a voucher number.')).toHaveLength(3);
    expect(screen.queryByText('Please enter your CityPASS code.')).toBeNull();
    expect(requestsTo(fetch, 'POST', '/modify')).toHaveLength(0);
  });
});
