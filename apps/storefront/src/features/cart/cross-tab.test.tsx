import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStorageKey } from '@/stores/cart-store';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import {
  admissionAndTourCart,
  admissionOnlyCart,
  listingOfThree,
  seedCart,
} from '@/features/cart/cart-test-kit';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const KEY = cartStorageKey('demo-museum');

beforeAll(async () => {
  await import('@/features/cart/cart-sidebar');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => vi.useRealTimers());

/** What the browser does in this tab when another tab writes the cart to local storage. */
function writeFromOtherTab(value: unknown) {
  const raw = value === null ? null : JSON.stringify(value);
  if (raw === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, raw);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: raw }));
  });
}

describe('cart synced across tabs (shopping §1)', () => {
  it('shows the cart another tab reserved, refetches what it changed, and forgets what it cleared', async () => {
    let current = admissionOnlyCart();
    const fetch = createFetchStub({
      'GET /cached_api/events/available': listingOfThree(),
      'GET /api/my/cart/:id': () => current,
    });
    renderRoute('/events', { fetch });
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    expect(within(widget).getByText('Your cart is empty')).toBeInTheDocument();

    // the other tab reserved
    writeFromOtherTab({ cartId: FIXTURE_CART_ID, localExpiresAt: NOW + 600_000 });
    expect(
      await within(widget).findByRole('listitem', { name: 'General Admission' }),
    ).toBeInTheDocument();

    // the other tab added the tour to the same cart
    current = admissionAndTourCart();
    writeFromOtherTab({ cartId: FIXTURE_CART_ID, localExpiresAt: NOW + 700_000 });
    expect(
      await within(widget).findByRole('listitem', { name: 'Highlights Tour' }),
    ).toBeInTheDocument();

    // the other tab emptied its cart
    writeFromOtherTab(null);
    expect(await within(widget).findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('two pages of one browser share the cart a reserve stored', async () => {
    seedCart(admissionOnlyCart());
    const fixtures = {
      'GET /cached_api/events/available': listingOfThree(),
      'GET /api/my/cart/:id': admissionOnlyCart(),
    };
    renderRoute('/events', { fetch: createFetchStub(fixtures) });
    renderRoute('/events', { fetch: createFetchStub(fixtures) });
    const widgets = await screen.findAllByRole('complementary', { name: 'Your cart' });
    expect(widgets).toHaveLength(2);
    for (const widget of widgets) {
      expect(
        await within(widget).findByRole('listitem', { name: 'General Admission' }),
      ).toBeInTheDocument();
    }
  });
});
