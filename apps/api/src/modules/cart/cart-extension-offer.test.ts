import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CART_EXTENSION_OFFER_SECONDS,
  CART_EXTENSION_SECONDS,
  CART_LOCAL_EXPIRY_MARGIN_SECONDS,
} from '@admit/contracts/constants';
import { buildTestApp } from '@/testing/build-test-app';
import { addBody, bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';

const START = new Date('2029-06-01T12:00:00Z');

/**
 * spec: shopping §4 "Cart timer" — the storefront counts down to its local expiry (the server's
 * expires_in minus 5 s) and offers the extension at ≤ 60 s of that countdown; "Confirming adds
 * 2 minutes". So the PATCH sent the moment the offer shows must be granted, though the server's
 * own clock then has 65 s and a fraction left.
 */
describeEachDatabase('cart: the extension the storefront offers is granted', (ctx) => {
  let app: FastifyInstance;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('grants a PATCH sent as soon as the local countdown reaches 60 s', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { sellerConfig: { cart_hold_minutes: 3 } });
    const reserved = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    const cartId = bundleOf(reserved).cart._data[0]!.id;
    // the storefront reads the cart part-way through a second: expires_in is whole seconds
    const readAt = START.getTime() + 900;
    clock = new Date(readAt);
    const read = bundleOf(
      await cartCall(app, scene.seller, { method: 'GET', path: `my/cart/${cartId}` }),
    ).cart._data[0]!;
    const localExpiry = readAt + (read.expires_in! - CART_LOCAL_EXPIRY_MARGIN_SECONDS) * 1000;
    // the first instant the countdown shows 60 s, and the extension offer with it
    clock = new Date(localExpiry - CART_EXTENSION_OFFER_SECONDS * 1000);
    const serverExpiry = Date.parse(read.expires_at!);
    const patched = await cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: { expires_at: new Date(serverExpiry + CART_EXTENSION_SECONDS * 1000).toISOString() },
    });
    expect(patched.statusCode, JSON.stringify(patched.json())).toBe(200);
    expect(bundleOf(patched).cart._data[0]!.expires_at).toBe('2029-06-01T12:05:00.000Z');
  });

  it('still refuses a PATCH sent before the offer could show', async () => {
    clock = START;
    const scene = await makeReserveScene(ctx.db, { sellerConfig: { cart_hold_minutes: 3 } });
    const reserved = await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, 1),
    });
    const cartId = bundleOf(reserved).cart._data[0]!.id;
    // 70 s left on the server: the local countdown shows 65 s, no offer yet
    clock = new Date(START.getTime() + 110_000);
    const early = await cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: { expires_at: '2029-06-01T13:00:00Z' },
    });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early)._code).toBe('validation_failed');
  });
});
