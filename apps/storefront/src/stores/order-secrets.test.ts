import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_PROOFS_COOKIE, ORDER_PROOFS_KEPT } from '@admit/contracts/visitor-cookies';
import { setSellerSlug } from '@/config/seller-slug';
import {
  orderProof,
  orderSecret,
  rememberCheckoutSecrets,
  rememberOrderCart,
  rememberOrderSecret,
} from '@/stores/order-secrets';

const ORDER_A = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const ORDER_B = '1e0d9c8b-7a6f-4e5d-8c3b-2a1f0e9d8c7b';
const CART = '6b1d4f7e-3c2a-4e8b-9f10-7a6c5d4e3b2a';

/** The n-th order id of a run of orders. */
const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Puts the browser's address at `path`: document.cookie shows the cookies whose path it is under. */
function visit(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  setSellerSlug('demo-museum');
  visit('/demo-museum/checkout/complete');
});

describe('order proofs (stores/order-secrets.ts)', () => {
  it('remembers a secret and a cart proof', () => {
    rememberOrderSecret(ORDER_A, 's3cret');
    rememberOrderCart(ORDER_B, CART);

    expect(orderProof(ORDER_A)).toEqual({ secret: 's3cret' });
    expect(orderSecret(ORDER_A)).toBe('s3cret');
    expect(orderProof(ORDER_B)).toEqual({ cart_id: CART });
    expect(orderSecret(ORDER_B)).toBeNull();
    expect(orderProof(orderId(1))).toEqual({});
  });

  it('remembers the secret of every order of a checkout answer', () => {
    rememberCheckoutSecrets({
      ticket_order: { _data: [{ id: ORDER_A }, { id: ORDER_B }] },
      access_secret: 'shared',
    });

    expect(orderProof(ORDER_A)).toEqual({ secret: 'shared' });
    expect(orderProof(ORDER_B)).toEqual({ secret: 'shared' });
  });

  it('lets a secret replace the cart proof of the same order', () => {
    rememberOrderCart(ORDER_A, CART);
    rememberOrderSecret(ORDER_A, 's3cret');

    expect(orderProof(ORDER_A)).toEqual({ secret: 's3cret' });
  });

  it('never lets a cart proof replace a secret', () => {
    rememberOrderSecret(ORDER_A, 's3cret');
    rememberOrderCart(ORDER_A, CART);

    expect(orderProof(ORDER_A)).toEqual({ secret: 's3cret' });
  });

  it('keeps the cart proof when an answer carries no secret', () => {
    rememberOrderCart(ORDER_A, CART);
    rememberCheckoutSecrets({ ticket_order: { _data: [{ id: ORDER_A }] }, access_secret: '' });

    expect(orderProof(ORDER_A)).toEqual({ cart_id: CART });
  });

  it(`keeps only the newest ${ORDER_PROOFS_KEPT} orders, a remembered one counting as new`, () => {
    for (let n = 0; n < ORDER_PROOFS_KEPT; n += 1) rememberOrderSecret(orderId(n), `secret-${n}`);
    // the oldest is remembered again: it becomes the newest, and the next oldest goes first
    rememberOrderSecret(orderId(0), 'secret-0');
    rememberOrderCart(orderId(ORDER_PROOFS_KEPT), CART);
    rememberOrderSecret(orderId(ORDER_PROOFS_KEPT + 1), 'latest');

    expect(orderProof(orderId(0))).toEqual({ secret: 'secret-0' });
    expect(orderProof(orderId(1))).toEqual({});
    expect(orderProof(orderId(2))).toEqual({});
    for (let n = 3; n < ORDER_PROOFS_KEPT; n += 1)
      expect(orderProof(orderId(n))).toEqual({ secret: `secret-${n}` });
    expect(orderProof(orderId(ORDER_PROOFS_KEPT))).toEqual({ cart_id: CART });
    expect(orderProof(orderId(ORDER_PROOFS_KEPT + 1))).toEqual({ secret: 'latest' });
  });

  it.each([
    ['not JSON', 'not-json'],
    ['not URI-encoded', '%E0%A4%A'],
    ['a list', encodeURIComponent('["x"]')],
    ['a proof of another shape', encodeURIComponent(`{"${ORDER_A}":{"secret":42}}`)],
  ])('survives a cookie value that is %s, and writes over it', (_, value) => {
    document.cookie = `${ORDER_PROOFS_COOKIE}=${value}; Path=/demo-museum`;

    expect(orderProof(ORDER_A)).toEqual({});
    expect(orderSecret(ORDER_A)).toBeNull();
    rememberOrderSecret(ORDER_B, 's3cret');
    expect(orderProof(ORDER_B)).toEqual({ secret: 's3cret' });
  });

  it("is a session cookie of the seller's pages, which the API's calls never carry", () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie.set!.call(document, value);
    });
    rememberOrderSecret(ORDER_A, 's3cret');
    vi.restoreAllMocks();

    expect(written).toHaveLength(1);
    const [pair, ...attributes] = written[0]!.split('; ');
    expect(pair).toBe(
      `${ORDER_PROOFS_COOKIE}=${encodeURIComponent(JSON.stringify({ [ORDER_A]: { secret: 's3cret' } }))}`,
    );
    // no Max-Age or Expires: it lasts the browser session
    expect(attributes).toEqual(['Path=/demo-museum', 'SameSite=Lax']);
    // read back where the browser sends it: the seller's pages only
    visit('/demo-museum');
    expect(orderSecret(ORDER_A)).toBe('s3cret');
    for (const elsewhere of ['/', '/api/ticket_order/x', '/cached_api/x', '/other-seller/events']) {
      visit(elsewhere);
      expect(orderProof(ORDER_A)).toEqual({});
    }
  });
});
