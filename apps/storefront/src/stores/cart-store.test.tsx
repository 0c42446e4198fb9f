import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import {
  cartStorageKey,
  clearCart,
  declineExtension,
  getCartState,
  liveCartId,
  resetVisit,
  noteExtension,
  setCartFromBundle,
  setMembershipAutoRenew,
  setSkipUpsells,
  syncCartCookie,
  useCartState,
} from '@/stores/cart-store';
import { CART_COOKIE } from '@admit/contracts/visitor-cookies';
import { cartBundle, FIXTURE_CART_ID } from '@/testing/cart-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const KEY = cartStorageKey('demo-museum');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  setSellerSlug('demo-museum');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function CartIdProbe({ label }: { label: string }) {
  const state = useCartState();
  return <p data-testid={label}>{state.cartId ?? 'none'}</p>;
}

describe('cart store (shopping §1, §4)', () => {
  it('stores the cart id and local expiry = now + expires_in − 5 s under admit:{slug}:cart', () => {
    setCartFromBundle(cartBundle({ cart: { expires_in: 900 } }));

    expect(getCartState()).toEqual({
      cartId: FIXTURE_CART_ID,
      localExpiresAt: NOW + 895_000,
      extensionDeclined: false,
      extensions: 0,
      skipUpsells: false,
      membershipAutoRenew: null,
    });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ cartId: FIXTURE_CART_ID });
  });

  it('counts the extensions of the stored cart, and a new cart starts again at none', () => {
    setCartFromBundle(cartBundle({ cart: { expires_in: 900 } }));
    noteExtension(FIXTURE_CART_ID);
    noteExtension('another-cart');
    setCartFromBundle(cartBundle({ cart: { expires_in: 1000 } }));
    expect(getCartState().extensions).toBe(1);
    setCartFromBundle(cartBundle({ cart: { id: 'new-cart', expires_in: 900 } }));
    expect(getCartState().extensions).toBe(0);
  });

  it('counts a cart as existing only until its local expiry', () => {
    setCartFromBundle(cartBundle({ cart: { expires_in: 65 } }));
    expect(liveCartId(getCartState(), NOW + 59_999)).toBe(FIXTURE_CART_ID);
    expect(liveCartId(getCartState(), NOW + 60_000)).toBeNull();
  });

  it('remembers a declined extension for the same cart only', () => {
    setCartFromBundle(cartBundle());
    declineExtension();
    setCartFromBundle(cartBundle({ cart: { expires_in: 300 } }));
    expect(getCartState().extensionDeclined).toBe(true);
    setCartFromBundle(cartBundle({ cart: { id: 'a7c1e3d5-2b4f-4a6c-8e0d-1f2a3b4c5d6e' } }));
    expect(getCartState().extensionDeclined).toBe(false);
  });

  it('keeps the auto-renew choice with its cart only (shopping §4 "Membership form")', () => {
    setCartFromBundle(cartBundle());
    setMembershipAutoRenew(true);
    setCartFromBundle(cartBundle({ cart: { expires_in: 300 } }));
    expect(getCartState().membershipAutoRenew).toBe(true);
    setCartFromBundle(cartBundle({ cart: { id: 'a7c1e3d5-2b4f-4a6c-8e0d-1f2a3b4c5d6e' } }));
    expect(getCartState().membershipAutoRenew).toBeNull();
    setMembershipAutoRenew(false);
    clearCart();
    expect(getCartState().membershipAutoRenew).toBeNull();
  });

  it('keeps the skip-upsells choice when the cart is cleared, not on a fresh start', () => {
    setSkipUpsells(true);
    setCartFromBundle(cartBundle());
    clearCart();
    expect(getCartState()).toMatchObject({ cartId: null, skipUpsells: true });
    resetVisit();
    expect(getCartState().skipUpsells).toBe(false);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(KEY, '{not json');
    expect(getCartState().cartId).toBeNull();
    localStorage.setItem(KEY, JSON.stringify({ cartId: 42, localExpiresAt: 'soon' }));
    expect(getCartState()).toMatchObject({ cartId: null, localExpiresAt: null });
  });

  it('tolerates storage errors silently and keeps the value in memory', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    expect(() => setCartFromBundle(cartBundle())).not.toThrow();
    expect(getCartState().cartId).toBe(FIXTURE_CART_ID);
  });

  it('keys the cart by seller', () => {
    setCartFromBundle(cartBundle());
    setSellerSlug('harbour-aquarium');
    expect(getCartState().cartId).toBeNull();
  });
});

describe('cross-tab sync (shopping §1)', () => {
  it('updates every render when another tab writes the cart', () => {
    render(
      <>
        <CartIdProbe label="tab-a" />
        <CartIdProbe label="tab-b" />
      </>,
    );
    expect(screen.getByTestId('tab-a')).toHaveTextContent('none');

    // another tab: it writes storage, and this tab only hears the storage event
    const otherTabValue = JSON.stringify({ cartId: FIXTURE_CART_ID, localExpiresAt: NOW + 60_000 });
    localStorage.setItem(KEY, otherTabValue);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: otherTabValue }));
    });
    expect(screen.getByTestId('tab-a')).toHaveTextContent(FIXTURE_CART_ID);
    expect(screen.getByTestId('tab-b')).toHaveTextContent(FIXTURE_CART_ID);

    localStorage.removeItem(KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null }));
    });
    expect(screen.getByTestId('tab-a')).toHaveTextContent('none');
  });

  it('shares a write made in this tab with every render at once', () => {
    render(
      <>
        <CartIdProbe label="tab-a" />
        <CartIdProbe label="tab-b" />
      </>,
    );
    act(() => setCartFromBundle(cartBundle()));
    expect(screen.getByTestId('tab-b')).toHaveTextContent(FIXTURE_CART_ID);
  });
});

describe('the cart cookie the page host reads (decision 0045)', () => {
  // every cookie write, as the browser is told it (document.cookie's setter)
  function cookieWrites(): string[] {
    const writes: string[] = [];
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value) {
      writes.push(value);
      setter.call(this, value);
    });
    return writes;
  }

  it('names the live cart until its local expiry, on the seller pages only', () => {
    const writes = cookieWrites();
    setCartFromBundle(cartBundle({ cart: { expires_in: 600 } }));
    // shopping §4: the local expiry is 5 s before the server's
    expect(writes.at(-1)).toBe(
      `${CART_COOKIE}=${FIXTURE_CART_ID}; Path=/demo-museum; Max-Age=595; SameSite=Lax`,
    );
    clearCart();
    expect(writes.at(-1)).toBe(`${CART_COOKIE}=; Path=/demo-museum; Max-Age=0; SameSite=Lax`);
  });

  it('is named anew at boot for a cart kept from before, and dropped for one past its expiry', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ cartId: FIXTURE_CART_ID, localExpiresAt: NOW + 60_000 }),
    );
    const writes = cookieWrites();
    syncCartCookie();
    expect(writes.at(-1)).toBe(
      `${CART_COOKIE}=${FIXTURE_CART_ID}; Path=/demo-museum; Max-Age=60; SameSite=Lax`,
    );
    localStorage.setItem(KEY, JSON.stringify({ cartId: FIXTURE_CART_ID, localExpiresAt: NOW - 1 }));
    syncCartCookie();
    expect(writes.at(-1)).toBe(`${CART_COOKIE}=; Path=/demo-museum; Max-Age=0; SameSite=Lax`);
  });
});
