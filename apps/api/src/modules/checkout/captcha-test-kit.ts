import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '@/db/connection';
import { errorOf, type ReserveScene } from '@/testing/cart-fixtures';
import { registerCaptchaVerifier } from './captcha';
import {
  PURCHASER,
  cardEntry,
  cartRows,
  checkoutCall,
  makeCart,
  tokenize,
} from './checkout-test-kit';

/**
 * A deterministic captcha verifier for tests only (never registered by main.ts): it accepts
 * exactly the tokens that start with `pass-`.
 */
export const TEST_CAPTCHA_PROVIDER = 'test-captcha';

export function registerTestCaptcha(): () => void {
  registerCaptchaVerifier(TEST_CAPTCHA_PROVIDER, {
    verify: (token) => Promise.resolve(token.startsWith('pass-')),
  });
  return () => registerCaptchaVerifier(TEST_CAPTCHA_PROVIDER, null);
}

/** A guest's checkout of one ticket by card, with the payment entry's `captcha` when given. */
export async function guestCheckoutWith(app: FastifyInstance, on: ReserveScene, captcha?: unknown) {
  const c = await makeCart(app, on, 1);
  const res = await checkoutCall(app, on, {
    path: `cart/${c.id}/guest_checkout`,
    body: {
      ...cardEntry('25.00', await tokenize(app, '4242424242424242')),
      purchaser: PURCHASER,
      ...(captcha === undefined ? {} : { captcha }),
    },
  });
  return { cartId: c.id, res };
}

/** The captcha's refusal (decision 0019): 422 on the captcha field, before any money moved. */
export async function expectCaptchaRefused(
  db: Db,
  { cartId, res }: Awaited<ReturnType<typeof guestCheckoutWith>>,
) {
  expect(res.statusCode).toBe(422);
  expect(errorOf(res)).toMatchObject({
    _code: 'validation_failed',
    _extra: { field: 'captcha' },
  });
  expect((await cartRows(db, cartId)).payments).toEqual([]);
}
