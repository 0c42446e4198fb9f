import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { CartRow } from '@/db/schema/cart';
import type { SavedPaymentMethodRow } from '@/db/schema/payments';
import { AppError } from '@/http/app-error';
import { buildCartBundle } from '@/modules/cart/bundle';
import { selectCart } from '@/modules/cart/repo';
import type { CheckoutCaller } from '@/modules/checkout/cart-access';
import { requestHash, type StoredAnswer } from '@/modules/payments/idempotency';
import { errorAnswer, runIdempotent } from '@/modules/payments/idempotent-run';
import { findIdentityById } from '@/modules/users/repo';
import { selectMembers } from './repo';
import type { Renewal } from './renew-term';

/**
 * What an automatic renewal buys and how it pays (decision 0038): the level again in a cart of
 * the job's own for the holder, then the checkout service's own payment path with the saved
 * card, off-session, under the term's Idempotency-Key.
 */

/**
 * The level again, for the holder, with the term's members (the checkout prices it). A term
 * without linked members (made before they were recorded) is renewed for its holder alone.
 */
export async function openCart(r: Renewal, levelTypeId: string): Promise<CartRow> {
  const { deps, term, seller } = r;
  const linked = await selectMembers(deps.db, term.id);
  const holder = linked.length > 0 ? null : await findIdentityById(deps.db, term.identityId);
  const members = holder
    ? [
        {
          firstName: holder.firstName,
          lastName: holder.lastName,
          email: holder.email,
          partyRole: null,
        },
      ]
    : linked;
  const tickets = members.map((m) => {
    const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
    return {
      ticket_type_id: levelTypeId,
      ...(name ? { admit_name: name } : {}),
      ...(m.email ? { admit_email: m.email } : {}),
      ...(m.partyRole ? { party_role: m.partyRole } : {}),
    };
  });
  const bundle = await deps.cart.modify(await callerOf(r), null, { reserve: { tickets } });
  const cart = await selectCart(deps.db, bundle.cart._data[0]!.id);
  if (!cart || cart.sellerId !== seller.id) throw new Error('the renewal cart vanished');
  return cart;
}

/** The holder, as the checkout's caller: their current term makes them a member. */
async function callerOf(r: Renewal): Promise<CheckoutCaller> {
  return {
    seller: r.seller,
    identity: {
      id: r.term.identityId,
      sellerId: r.seller.id,
      isPublic: false,
      isMember: true,
      expiresAt: null,
    },
    publicIdentityId: await r.deps.publicIdentityId(r.seller),
    scope: 'member',
  };
}

/**
 * The checkout of the renewal cart under the term's own Idempotency-Key: a second attempt (a
 * retry, another server) replays or finishes the first, never charges again.
 */
export async function payFor(
  r: Renewal,
  cart: CartRow,
  saved: SavedPaymentMethodRow | null,
): Promise<StoredAnswer> {
  const { deps, seller, term, origin, key } = r;
  const caller = await callerOf(r);
  try {
    return await runIdempotent(
      deps.db,
      seller.id,
      key,
      requestHash(['auto-renew', term.id, cart.id]),
      deps.idempotencyOf(cart.id),
      async () => {
        const current = (await selectCart(deps.db, cart.id)) ?? cart;
        const bundle = await buildCartBundle(deps.db, current, {
          now: deps.now(),
          seller,
          publicIdentityId: caller.publicIdentityId,
        });
        const due = decimalToMinor(bundle.cart_fees._data[0]!.total_outstanding);
        const result = await deps.checkout.run(caller, current, {
          entry: {
            amount: minorToDecimal(due),
            gateway_id: due > 0 ? 'stripe' : 'free',
            gateway_data: { description: `${term.role} membership renewal`, source_type: 'card' },
            auto_renew: true,
          },
          buyer: { kind: 'caller' },
          // the job mails its own receipt once the renewal is final (renewal-mails.ts)
          sendEmail: false,
          idempotencyKey: key,
          origin,
          returnPath: `/${seller.slug}/my/membership`,
          savedMethod: saved,
        });
        return { status: result.status, body: result.body };
      },
    );
  } catch (error) {
    // a refusal is the attempt's answer; 409 (another holder is running it) and 5xx: later
    if (error instanceof AppError && error.status < 500 && error.code !== 'conflict') {
      return errorAnswer(error);
    }
    throw error;
  }
}
