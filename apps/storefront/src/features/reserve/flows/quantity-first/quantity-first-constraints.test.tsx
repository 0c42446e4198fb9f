import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { renderRoute } from '@/testing/render-route';
import { cartWithTimedItem } from '@/testing/timed-cart-fixtures';
import {
  chooseQuantities,
  EVENT_ID,
  fixtures,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';

beforeAll(async () => {
  await import('@/features/reserve/flows/quantity-first/quantity-first-reserve');
  await import('@/ui/calendar/month-calendar');
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('quantity-first sessions and the cart (shopping §5 "Session conflicts")', () => {
  it('hides the session that clashes with a timed cart item', { timeout: 15_000 }, async () => {
    // a show from 12:55 to 1:20 PM New York time on Tuesday 2026-11-24
    const cart = cartWithTimedItem('2026-11-24T17:55:00.000Z', '2026-11-24T18:20:00.000Z');
    setSellerSlug('demo-museum');
    setCartFromBundle(cart);
    const { user } = renderRoute(`/events/${EVENT_ID}`, {
      fetch: fixtures({ 'GET /api/my/cart/:id': cart }),
    });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
    expect(await screen.findByRole('radio', { name: /11:00 AM/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /1:00 PM/ })).toBeNull());
  });
});
