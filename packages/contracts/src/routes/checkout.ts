import { z } from 'zod';
import { addressFindResponseSchema, addressRetrieveResponseSchema } from '../address';
import {
  checkoutResponseSchema,
  guestCheckoutBodySchema,
  memberCheckoutBodySchema,
  paymentEntrySchema,
  payResponseSchema,
  sandboxCardBodySchema,
  sandboxPaymentMethodResponseSchema,
} from '../checkout';
import { ledgerCardResponseSchema } from '../codes';
import { giftCheckoutBodySchema } from '../gift';
import { callQuery, idParams, textParam } from './query';
import { defineRoute } from './route';

/** Checkout and payment (identity §7); each write carries an `Idempotency-Key` header. */

/** POST cart/{id}/guest_checkout: a guest pays and gets the order. */
export const guestCheckoutRoute = defineRoute({
  method: 'POST',
  url: '/api/cart/:cartId/guest_checkout',
  schema: {
    params: idParams('cartId'),
    body: guestCheckoutBodySchema,
    response: { 200: checkoutResponseSchema },
  },
});

/** POST my/cart/{id}/checkout: a member pays. */
export const memberCheckoutRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/:cartId/checkout',
  schema: {
    params: idParams('cartId'),
    body: memberCheckoutBodySchema,
    response: { 200: checkoutResponseSchema },
  },
});

/** POST my/cart/{id}/gift_checkout: a member pays for a gift. */
export const giftCheckoutRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/:cartId/gift_checkout',
  schema: {
    params: idParams('cartId'),
    body: giftCheckoutBodySchema,
    response: { 200: checkoutResponseSchema },
  },
});

/** POST cart/{id}/pay: a payment entry on a guest's cart; the cart (partial) or the order. */
export const guestPayRoute = defineRoute({
  method: 'POST',
  url: '/api/cart/:cartId/pay',
  schema: {
    params: idParams('cartId'),
    body: paymentEntrySchema,
    // the cart while a part is paid (200), the order once it is paid in full (201)
    response: { 200: payResponseSchema, 201: payResponseSchema },
  },
});

/** POST my/cart/{id}/pay: the same on a member's cart. */
export const memberPayRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/:cartId/pay',
  schema: {
    params: idParams('cartId'),
    body: paymentEntrySchema,
    // the cart while a part is paid (200), the order once it is paid in full (201)
    response: { 200: payResponseSchema, 201: payResponseSchema },
  },
});

/** POST sandbox/payment_methods: the sandbox's card tokenisation. */
export const sandboxPaymentMethodRoute = defineRoute({
  method: 'POST',
  url: '/api/sandbox/payment_methods',
  schema: { body: sandboxCardBodySchema, response: { 201: sandboxPaymentMethodResponseSchema } },
});

/** GET address/find (decision 0024): suggestions for typed text. */
export const addressFindRoute = defineRoute({
  method: 'GET',
  url: '/api/address/find',
  schema: {
    querystring: callQuery({ text: textParam, country: textParam, container: textParam }),
    response: { 200: addressFindResponseSchema },
  },
});

/** GET address/retrieve: the address of a suggestion id. */
export const addressRetrieveRoute = defineRoute({
  method: 'GET',
  url: '/api/address/retrieve',
  schema: {
    querystring: callQuery({ id: textParam }),
    response: { 200: addressRetrieveResponseSchema },
  },
});

/** GET ledger/{ledger}/{card}: a gift card's balance. */
export const ledgerCardRoute = defineRoute({
  method: 'GET',
  url: '/api/ledger/:ledger/:number',
  schema: {
    // a card number is at most 70 characters (shopping §3 "Gift card")
    params: z.object({ ledger: z.string().min(1), number: z.string().min(1).max(70) }),
    response: { 200: ledgerCardResponseSchema },
  },
});
