import type { z } from 'zod';
import {
  guestCheckoutBodySchema,
  memberCheckoutBodySchema,
  memberGuestCheckoutBodySchema,
  payResponseSchema,
  type PaymentEntry,
} from '@admit/contracts/checkout';
import { giftCheckoutBodySchema } from '@admit/contracts/gift';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { idempotencyKeyOf, requestHash } from '@/modules/payments/idempotency';
import { runIdempotent, type IdempotencyOptions } from '@/modules/payments/idempotent-run';
import { assertCaptcha } from './captcha';
import { assertCallerHasEmail, payableCart } from './cart-access';
import { assertGiverIsCaller, giftCartForCheckout } from './gift-checkout';
import type { CheckoutService } from './checkout-plugin';
import type { Buyer, CheckoutRequest } from './service';

/** The six pay and checkout calls of identity §7 (decision 0023 adds gift_checkout). */
export type CheckoutKind =
  'pay' | 'guest_checkout' | 'member_guest_checkout' | 'member_checkout' | 'gift_checkout';

/** One pay or checkout call as the route hands it over. */
export interface CheckoutCall {
  caller: Caller;
  /** `my/cart/{id}/…` needs a login and the caller's own cart */
  scope: 'guest' | 'member';
  kind: CheckoutKind;
  /** a well-formed cart id (lower case) */
  cartId: string;
  /** the raw body: parsed here, after the cart check */
  body: unknown;
  /** the request's headers: the Idempotency-Key is read after the cart check */
  headers: Record<string, unknown>;
  /** storefront origin for the order link */
  origin: string;
  /** method and route of the call: part of what an idempotency key stands for */
  method: string;
  url: string;
}

/** Parses a body after the cart check (a stranger learns nothing from validation messages). */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  throw new AppError('validation_failed', 'checkout', `${field}: ${issue?.message ?? 'invalid'}`, {
    field,
  });
}

// the authentication page returns only to a path of this site (no open redirect)
const samePath = (value: unknown, fallback: string) =>
  typeof value === 'string' &&
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\')
    ? value
    : fallback;

interface BuyerChoice {
  entry: PaymentEntry;
  buyer: Buyer;
  sendEmail: boolean;
  gifteeId: string | null;
  /** `giver_identity_id` of a member's guest checkout: must be the caller (decision 0038) */
  giverId?: string;
  /** gift_checkout's `gift_message` (decision 0038) */
  giftMessage?: string;
}

/** Whose order the call makes, from its body (identity §7 checkout rows). */
function buyerOf(kind: CheckoutKind, body: unknown): BuyerChoice {
  if (kind === 'guest_checkout') {
    const entry = parseBody(guestCheckoutBodySchema, body);
    if (!entry.purchaser && !entry.guest_identity_id) {
      throw new AppError('validation_failed', 'checkout', 'purchaser: the purchaser is required', {
        field: 'purchaser',
      });
    }
    const buyer: Buyer = entry.guest_identity_id
      ? { kind: 'guest_identity', id: entry.guest_identity_id }
      : { kind: 'purchaser', purchaser: entry.purchaser! };
    return { entry, buyer, sendEmail: entry.send_email ?? true, gifteeId: null };
  }
  if (kind === 'member_guest_checkout') {
    const entry = parseBody(memberGuestCheckoutBodySchema, body);
    const sendEmail = entry.send_email ?? true;
    if (entry.giver_identity_id) {
      // the giver's order, a gift for the guest: gift_checkout by another name (decision 0038)
      const giverId = entry.giver_identity_id.toLowerCase();
      return {
        entry,
        buyer: { kind: 'caller' },
        sendEmail,
        gifteeId: entry.guest_identity_id,
        giverId,
      };
    }
    const buyer: Buyer = { kind: 'guest_identity', id: entry.guest_identity_id };
    return { entry, buyer, sendEmail, gifteeId: null };
  }
  if (kind === 'gift_checkout') {
    // the giver's order, a gift for the giftee (decision 0023)
    const entry = parseBody(giftCheckoutBodySchema, body);
    return {
      entry,
      buyer: { kind: 'caller' },
      sendEmail: true,
      gifteeId: entry.giftee_identity_id,
      giftMessage: entry.gift_message,
    };
  }
  const entry = parseBody(memberCheckoutBodySchema, body);
  const buyer: Buyer = kind === 'pay' ? { kind: 'cart_owner' } : { kind: 'caller' };
  return { entry, buyer, sendEmail: true, gifteeId: null };
}

export interface CheckoutCallDeps {
  db: Db;
  now: () => Date;
  service: CheckoutService;
  /** the key's lease and the recovery of a charge whose request died (decision 0027) */
  idempotencyOf: (cartId: string) => IdempotencyOptions;
}

/**
 * Runs one pay or checkout call (identity §7): the cart check, then the body, then the payment
 * under the idempotency key (a replay answers the first response).
 */
export async function runCheckoutCall(deps: CheckoutCallDeps, call: CheckoutCall) {
  const { db } = deps;
  const { seller, identity, publicIdentityId } = call.caller;
  const caller = { seller, identity, publicIdentityId, scope: call.scope };
  const cart = await payableCart(db, caller, call.cartId);
  await assertCallerHasEmail(db, identity);
  const idempotencyKey = idempotencyKeyOf(call.headers);
  const { entry, buyer, sendEmail, gifteeId, giverId, giftMessage } = buyerOf(call.kind, call.body);
  const checkoutRequest: CheckoutRequest = {
    entry,
    buyer,
    sendEmail,
    idempotencyKey,
    origin: call.origin,
    returnPath: samePath(entry.gateway_data.return_url, `/${seller.slug}/checkout/${cart.id}`),
  };
  const hash = requestHash([identity.id, call.method, call.url, cart.id, call.body ?? null]);
  const options = deps.idempotencyOf(cart.id);
  return runIdempotent(db, seller.id, idempotencyKey, hash, options, async () => {
    // inside the key: a replay answers the first response without spending a new token
    await assertCaptcha(db, { sellerId: seller.id, loggedIn: !identity.isPublic }, entry.captcha);
    if (giverId) assertGiverIsCaller(identity, giverId);
    if (gifteeId) {
      await giftCartForCheckout(db, seller, identity, cart, gifteeId, deps.now(), giftMessage);
    }
    const result = await deps.service.run(caller, cart, checkoutRequest);
    // the wire shape is what the key stores and a replay answers
    return { status: result.status, body: payResponseSchema.parse(result.body) };
  });
}
