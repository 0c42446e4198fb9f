import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { code } from '@/db/schema/codes';
import type { Db } from '@/db/connection';
import { membershipGift } from '@/db/schema/memberships';
import { bundleOf, cartCall } from '@/testing/cart-fixtures';
import type { IdentityRow } from '@/testing/identity-factories';
import { membersBody, type MembershipScene } from '@/testing/membership-factories';
import { cardEntry, checkoutCall, orderOf, tokenize } from '@/modules/checkout/checkout-test-kit';

/** Test helpers of the gift of membership suites (decision 0038). */

/**
 * The giver (logged in) buys `level` as a gift for `giftee` through gift_checkout, with a
 * message: answers the code the order issued.
 */
export async function giftLevel(
  app: FastifyInstance,
  db: Db,
  scene: MembershipScene,
  options: {
    giverToken: string;
    giftee: IdentityRow;
    level: 'individual' | 'family';
    message?: string;
  },
) {
  const { giverToken, giftee } = options;
  const type = scene[options.level];
  const cartId = bundleOf(
    await cartCall(app, scene.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: membersBody(type, [{ name: 'Lucky One', email: giftee.email! }]),
      token: giverToken,
    }),
  ).cart._data[0]!.id;
  bundleOf(
    await cartCall(app, scene.seller, {
      method: 'PATCH',
      path: `my/cart/${cartId}`,
      body: {
        giftee_identity_id: giftee.id,
        ...(options.message ? { gift_message: options.message } : {}),
      },
      token: giverToken,
    }),
  );
  const price = (type.amount / 100).toFixed(2);
  const order = orderOf(
    await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/gift_checkout`,
      body: {
        ...cardEntry(price, await tokenize(app, '4242424242424242')),
        giftee_identity_id: giftee.id,
      },
      token: giverToken,
    }),
  ).ticket_order._data[0]!;
  const [gift] = await db
    .select({ code })
    .from(membershipGift)
    .innerJoin(code, eq(code.id, membershipGift.codeId))
    .where(eq(membershipGift.ticketOrderId, order.id));
  if (!gift) throw new Error('the gift order issued no code');
  return { order, code: gift.code };
}

/** A cart modify redeeming `codeText` for `level` with one named member (a guest's cart by default). */
export function redeemBody(
  scene: MembershipScene,
  codeText: string,
  level: 'individual' | 'family',
  email: string,
) {
  return {
    ...membersBody(scene[level], [{ name: 'Lucky One', email }]),
    preReservePromoCodes: [codeText],
  };
}
