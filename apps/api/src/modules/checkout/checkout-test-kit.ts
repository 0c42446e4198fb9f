import type { CartModifyBody } from '@admit/contracts/cart';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { checkoutResponseSchema, type CheckoutResponse } from '@admit/contracts/checkout';
import type { Db } from '@/db/connection';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { payment } from '@/db/schema/payments';
import { addBody, bundleOf, cartCall, type ReserveScene } from '@/testing/cart-fixtures';

/** Test helpers of the checkout suites: carts, card tokens, pay/checkout calls. */

export const PURCHASER = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.org',
  email_confirm: 'Grace@example.org',
  zip_code: '10001',
};

let keys = 0;
export const newKey = () => `test-key-${Date.now()}-${++keys}`;

/** A cart of `quantity` tickets; a guest's unless a session token is given. */
export async function makeCart(
  app: FastifyInstance,
  scene: ReserveScene,
  quantity = 1,
  token?: string,
  extra: Partial<CartModifyBody> = {},
) {
  const bundle = bundleOf(
    await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(scene, quantity, extra),
      token,
    }),
  );
  return bundle.cart._data[0]!;
}

/** POST sandbox/payment_methods for a test card number; answers the `pm_sandbox_…` token. */
export async function tokenize(app: FastifyInstance, number: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_methods',
    headers: { [APP_HEADER]: APP_HEADER_VALUE },
    payload: { number, exp_month: 12, exp_year: 2034, cvc: '123', zip: '10001' },
  });
  if (res.statusCode !== 201) throw new Error(`tokenize ${number}: ${res.statusCode} ${res.body}`);
  return (res.json() as { payment_method: { _data: { id: string }[] } }).payment_method._data[0]!
    .id;
}

/** A pay or checkout call with an Idempotency-Key (null: none sent). */
export function checkoutCall(
  app: FastifyInstance,
  scene: Pick<ReserveScene, 'seller'>,
  options: { path: string; body: unknown; key?: string | null; token?: string },
): Promise<LightMyRequestResponse> {
  const key = options.key === undefined ? newKey() : options.key;
  return app.inject({
    method: 'POST',
    url: `/api/${options.path}?_seller=${scene.seller.slug}`,
    headers: {
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    cookies: options.token ? { [SESSION_COOKIE]: options.token } : {},
    payload: options.body as object,
  });
}

export const cardEntry = (amount: string, source: string, extra: Record<string, unknown> = {}) => ({
  amount,
  gateway_id: 'stripe',
  gateway_data: { source, source_type: 'card', ...extra },
});

/** Parses a checkout answer against the contract (fails the test on drift). */
export function orderOf(res: LightMyRequestResponse): CheckoutResponse {
  if (res.statusCode !== 201)
    throw new Error(`expected an order, got ${res.statusCode}: ${res.body}`);
  return checkoutResponseSchema.parse(res.json());
}

/** Rows the assertions look at: the cart's payments, tickets and order. */
export async function cartRows(db: Db, cartId: string) {
  const [payments, tickets, orders] = await Promise.all([
    db.select().from(payment).where(eq(payment.cartId, cartId)),
    db.select().from(ticket).where(eq(ticket.cartId, cartId)),
    db.select().from(ticketOrder).where(eq(ticketOrder.cartId, cartId)),
  ]);
  return { payments, tickets, orders };
}
