import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIFT_TO_SELF_MESSAGE } from '@admit/contracts/gift';
import { ApiError, setApiSeller } from '@/api/client';
import { setCartGiftee } from '@/api/cart/set-cart-giftee';
import { createGiftee } from '@/api/gift/create-giftee';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { cartBundle, FIXTURE_CART_ID } from '@/testing/cart-fixtures';

const GIFTEE_ID = '5b7d9f1a-3c5e-4a7b-9d1f-2a4c6e8a0b2d';
const GRACE = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' };

beforeEach(() => setApiSeller('demo-museum'));
afterEach(() => vi.unstubAllGlobals());

describe('createGiftee (POST giftee, identity §7)', () => {
  it('posts the giftee payload and answers the identity', async () => {
    const fetch = createFetchStub({
      'POST /api/giftee': {
        identity: { _count: 1, _total: 1, _data: [{ id: GIFTEE_ID, ...GRACE }] },
      },
    });
    vi.stubGlobal('fetch', fetch);

    const giftee = await createGiftee({ ...GRACE, additional_info: { note: 'hi' } });

    expect(giftee).toEqual({ id: GIFTEE_ID, ...GRACE });
    const request = fetch.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request.headers.get('tix-app')).toBe('ecomm');
    expect(request.body).toEqual({ ...GRACE, additional_info: { note: 'hi' } });
  });

  it('passes the server’s gift-to-oneself refusal on as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({
        'POST /api/giftee': errorResponse(422, 'validation_failed', GIFT_TO_SELF_MESSAGE, {
          field: 'email',
        }),
      }),
    );
    const error = await createGiftee(GRACE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      description: GIFT_TO_SELF_MESSAGE,
      extra: { field: 'email' },
    });
  });
});

describe('setCartGiftee (PATCH cart giftee, decision 0023)', () => {
  it('patches a member’s cart through my/cart/{id} and a guest’s through cart/{id}', async () => {
    const fetch = createFetchStub({
      'PATCH /api/my/cart/:id': cartBundle(),
      'PATCH /api/cart/:id': cartBundle(),
    });
    vi.stubGlobal('fetch', fetch);

    const bundle = await setCartGiftee(FIXTURE_CART_ID, GIFTEE_ID, { guest: false });
    await setCartGiftee(FIXTURE_CART_ID, null, { guest: true });

    expect(bundle.cart._data[0]!.id).toBe(FIXTURE_CART_ID);
    expect(fetch.requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['PATCH', `/api/my/cart/${FIXTURE_CART_ID}`, { giftee_identity_id: GIFTEE_ID }],
      ['PATCH', `/api/cart/${FIXTURE_CART_ID}`, { giftee_identity_id: null }],
    ]);
  });
});
