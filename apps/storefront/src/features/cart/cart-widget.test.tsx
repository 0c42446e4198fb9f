import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartState } from '@/stores/cart-store';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { makeMeta } from '@/testing/api-fixtures';
import {
  ADMISSION_ID,
  admissionAndTourCart,
  admissionOnlyCart,
  listingOfThree,
  seedCart,
  TOUR_ID,
} from '@/features/cart/cart-test-kit';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const AVAILABLE = 'GET /cached_api/events/available';
const GET_CART = 'GET /api/my/cart/:id';

beforeAll(async () => {
  await import('@/features/cart/cart-sidebar');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function findWidget() {
  return screen.findByRole('complementary', { name: 'Your cart' });
}

describe('cart widget (shopping §2 "Cart widget and modals")', () => {
  it('shows "Your cart is empty" without a cart', async () => {
    renderRoute('/events', { fetch: createFetchStub({ [AVAILABLE]: listingOfThree() }) });
    const widget = await findWidget();
    expect(within(widget).getByText('Your cart is empty')).toBeInTheDocument();
    expect(within(widget).queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it("shows the seller's own empty-cart text (text_strings `cart.empty`)", async () => {
    renderRoute('/events', {
      fetch: createFetchStub({ [AVAILABLE]: listingOfThree() }),
      config: makeSellerConfig({ text_strings: { 'cart.empty': 'Your visit plan is empty.' } }),
    });
    const widget = await findWidget();
    expect(within(widget).getByText('Your visit plan is empty.')).toBeInTheDocument();
    expect(within(widget).queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it("reads each event's ticket_date_time (shopping §3): hidden, or with the end time", async () => {
    const bundle = admissionAndTourCart();
    bundle.meta = {
      ...bundle.meta,
      _data: [
        ...bundle.meta._data,
        makeMeta(ADMISSION_ID, 'ticket_date_time', 'hidden'),
        makeMeta(TOUR_ID, 'ticket_date_time', 'show-end'),
      ],
    };
    seedCart(bundle);
    renderRoute('/events', {
      fetch: createFetchStub({ [AVAILABLE]: listingOfThree(), [GET_CART]: bundle }),
    });
    const widget = await findWidget();
    const admission = await within(widget).findByRole('listitem', { name: 'General Admission' });
    expect(within(admission).queryByText(/Jun 2, 2026/)).not.toBeInTheDocument();
    const tour = within(widget).getByRole('listitem', { name: 'Highlights Tour' });
    expect(within(tour).getByText('Tue, Jun 2, 2026 at 11:00 AM – 11:40 AM')).toBeInTheDocument();
  });

  it('groups items by event and session with type counts, totals and fee lines', async () => {
    seedCart(admissionAndTourCart());
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      [GET_CART]: admissionAndTourCart(),
    });
    renderRoute('/events', { fetch });
    const widget = await findWidget();

    const admission = await within(widget).findByRole('listitem', { name: 'General Admission' });
    expect(within(admission).getByText('Tue, Jun 2, 2026 at 10:00 AM')).toBeInTheDocument();
    expect(within(admission).getByText('2 × Adult').nextSibling).toHaveTextContent('$50.00');
    expect(within(admission).getByText('1 × Child').nextSibling).toHaveTextContent('$12.00');
    // the thumbnail has no alternative text in the fixture: decorative, so no img role
    expect(admission.querySelector('img')).toHaveAttribute(
      'src',
      '/api/image/demo-museum/hall.jpg?width=64&height=51',
    );
    const tour = within(widget).getByRole('listitem', { name: 'Highlights Tour' });
    expect(within(tour).getByText('Tue, Jun 2, 2026 at 11:00 AM')).toBeInTheDocument();
    expect(within(tour).getByText('1 × Tour').nextSibling).toHaveTextContent('$8.50');

    const total = (label: string) => within(widget).getByText(label).nextSibling;
    expect(total('Subtotal')).toHaveTextContent('$70.50');
    expect(total('Service charges')).toHaveTextContent('$3.00');
    expect(total('Tax')).toHaveTextContent('$6.00');
    expect(total('Total')).toHaveTextContent('$79.50');
    expect(within(widget).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/demo-museum/checkout',
    );
    const cartRequest = fetch.requests.find((r) => r.url.pathname.startsWith('/api/my/cart/'));
    expect(cartRequest!.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}`);
  });

  it('asks before removing; Cancel keeps the item', async () => {
    seedCart(admissionAndTourCart());
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      [GET_CART]: admissionAndTourCart(),
    });
    const { user } = renderRoute('/events', { fetch });
    const widget = await findWidget();
    await within(widget).findByRole('listitem', { name: 'Highlights Tour' });

    await user.click(within(widget).getByRole('button', { name: 'Remove Highlights Tour' }));
    const overlay = within(widget).getByRole('group', {
      name: 'Remove Highlights Tour from your cart?',
    });
    await user.click(within(overlay).getByRole('button', { name: 'Cancel' }));

    expect(within(widget).queryByRole('group')).not.toBeInTheDocument();
    expect(fetch.requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('removes only the tickets of an item when other items stay', async () => {
    seedCart(admissionAndTourCart());
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      [GET_CART]: admissionAndTourCart(),
      'POST /api/cart/:id/remove': admissionOnlyCart(),
    });
    const { user } = renderRoute('/events', { fetch });
    const widget = await findWidget();
    await within(widget).findByRole('listitem', { name: 'Highlights Tour' });

    await user.click(within(widget).getByRole('button', { name: 'Remove Highlights Tour' }));
    await user.click(within(widget).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(within(widget).queryByRole('listitem', { name: 'Highlights Tour' })).toBeNull(),
    );
    const remove = fetch.requests.find((r) => r.method === 'POST')!;
    expect(remove.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/remove`);
    expect(remove.body).toEqual({ tickets: [expect.stringMatching(/7104$/)] });
    expect(within(widget).getByText('Total').nextSibling).toHaveTextContent('$62.00');
  });

  it('deletes the whole cart when the only item is removed', async () => {
    seedCart(admissionOnlyCart());
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      [GET_CART]: admissionOnlyCart(),
      'DELETE /api/my/cart/:id': () => new Response(null, { status: 204 }),
    });
    const { user } = renderRoute('/events', { fetch });
    const widget = await findWidget();
    await within(widget).findByRole('listitem', { name: 'General Admission' });

    await user.click(within(widget).getByRole('button', { name: 'Remove General Admission' }));
    expect(within(widget).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(widget).getByRole('button', { name: 'Confirm' }));

    expect(await within(widget).findByText('Your cart is empty')).toBeInTheDocument();
    expect(fetch.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual([
      'DELETE',
    ]);
    expect(getCartState().cartId).toBeNull();
  });

  it('warns and deletes the whole cart when removing the admission anchors depend on', async () => {
    seedCart(admissionAndTourCart());
    const fetch = createFetchStub({
      [AVAILABLE]: listingOfThree(),
      [GET_CART]: admissionAndTourCart(),
      'DELETE /api/my/cart/:id': () => new Response(null, { status: 204 }),
    });
    const config = makeSellerConfig({ anchor_events: [TOUR_ID] });
    const { user } = renderRoute('/events', { fetch, config });
    const widget = await findWidget();
    await within(widget).findByRole('listitem', { name: 'General Admission' });

    await user.click(within(widget).getByRole('button', { name: 'Remove General Admission' }));
    expect(within(widget).getByRole('alert')).toHaveTextContent(
      'The other items in your cart depend on this one',
    );
    await user.click(within(widget).getByRole('button', { name: 'Confirm' }));

    expect(await within(widget).findByText('Your cart is empty')).toBeInTheDocument();
    const write = fetch.requests.find((r) => r.method !== 'GET')!;
    expect([write.method, write.url.pathname]).toEqual([
      'DELETE',
      `/api/my/cart/${FIXTURE_CART_ID}`,
    ]);
  });
});
