import { describe, expect, it } from 'vitest';
import { ORDER_PROOFS_KEPT, decodeOrderProofs, encodeOrderProofs } from './visitor-cookies';

const ORDER_A = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const ORDER_B = '1e0d9c8b-7a6f-4e5d-8c3b-2a1f0e9d8c7b';
const CART = '6b1d4f7e-3c2a-4e8b-9f10-7a6c5d4e3b2a';

/** The n-th order id of a run of orders. */
const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('order proofs cookie value', () => {
  it('decodes what it encodes', () => {
    const proofs = { [ORDER_A]: { secret: 's3cret' }, [ORDER_B]: { cart_id: CART } };
    const value = encodeOrderProofs(proofs);

    expect(JSON.parse(value)).toEqual(proofs);
    expect(decodeOrderProofs(value)).toEqual(proofs);
  });

  it(`encodes the last ${ORDER_PROOFS_KEPT} orders only, in their order`, () => {
    const ids = Array.from({ length: ORDER_PROOFS_KEPT + 3 }, (_, n) => orderId(n));
    const proofs = Object.fromEntries(ids.map((id, n) => [id, { secret: `secret-${n}` }]));

    const kept = decodeOrderProofs(encodeOrderProofs(proofs));
    expect(Object.keys(kept)).toEqual(ids.slice(3));
    expect(kept[orderId(3)]).toEqual({ secret: 'secret-3' });
  });

  it.each([
    ['nothing', null],
    ['nothing', undefined],
    ['an empty value', ''],
    ['invalid JSON', '{"'],
    ['a list', `[{"${ORDER_A}":{"secret":"s"}}]`],
    ['a number', '42'],
    ['a string', '"s3cret"'],
    ['null', 'null'],
  ])('decodes %s as no proofs', (_, value) => {
    expect(decodeOrderProofs(value)).toEqual({});
  });

  it('leaves out orders whose id is not a uuid', () => {
    const value = JSON.stringify({
      [ORDER_A]: { secret: 'kept' },
      'order-1': { secret: 's' },
      [`${ORDER_B}x`]: { secret: 's' },
      [ORDER_B.replaceAll('-', '')]: { secret: 's' },
      ['-'.repeat(36)]: { secret: 's' },
      ['g'.repeat(8) + ORDER_B.slice(8)]: { secret: 's' },
    });

    expect(decodeOrderProofs(value)).toEqual({ [ORDER_A]: { secret: 'kept' } });
  });

  it('leaves out secrets that are empty, oversize or not strings', () => {
    const longest = 's'.repeat(200);
    const value = JSON.stringify({
      [orderId(1)]: { secret: longest },
      [orderId(2)]: { secret: `${longest}s` },
      [orderId(3)]: { secret: '' },
      [orderId(4)]: { secret: 42 },
      [orderId(5)]: 's3cret',
      [orderId(6)]: null,
      [orderId(7)]: ['s3cret'],
    });

    expect(decodeOrderProofs(value)).toEqual({ [orderId(1)]: { secret: longest } });
  });

  it('keeps a cart proof only when its cart id is a uuid, and a secret over a cart', () => {
    const value = JSON.stringify({
      [orderId(1)]: { cart_id: CART },
      [orderId(2)]: { cart_id: 'cart-1' },
      [orderId(3)]: { cart_id: 7 },
      [orderId(4)]: { secret: 's3cret', cart_id: CART },
      [orderId(5)]: { secret: '', cart_id: CART },
    });

    expect(decodeOrderProofs(value)).toEqual({
      [orderId(1)]: { cart_id: CART },
      [orderId(4)]: { secret: 's3cret' },
      [orderId(5)]: { cart_id: CART },
    });
  });
});
