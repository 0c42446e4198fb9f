import type { CartBundle } from '@admit/contracts/cart';
import { assembleCartBundle, publicOwnerOf } from './bundle';
import type { CartCaller, CartLookup } from './cart-lookup';
import type { ModifyPlan } from './modify-plan';
import type { ModifyWrite } from './modify-hold';
import { rowsAfterHold } from './reserve';

/**
 * The last step of a modify (plan → hold → answer; service.ts): the one answer path. A new
 * cart holds exactly what was just written, so its bundle is assembled from the rows the plan
 * read and the hold wrote, with no second read (the reserve rush's path, bench/RESULTS.md).
 * Anything those rows do not carry is read whole: an existing cart's other tickets, codes
 * taken (their cartmods), a giftee (her identity), a member owner (the identity the bundle
 * names), a payment plan's schedule (decision 0020).
 */
export async function answerModify(
  lookup: CartLookup,
  caller: CartCaller,
  plan: ModifyPlan,
  { cart, held }: ModifyWrite,
): Promise<CartBundle> {
  const { rows } = plan;
  const readWhole =
    !held ||
    !rows ||
    plan.cartId !== null ||
    plan.codeRequests.length > 0 ||
    plan.gifteeId !== null ||
    // a member's cart names its owner, whose row only a read brings (a guest's is the public one)
    cart.identityId !== caller.publicIdentityId ||
    rows.groups.some((g) => g.paymentPlanId);
  // the row as locked or inserted is current: its expiry is already the refreshed one
  if (readWhole) return lookup.bundle(caller, cart, plan.at);
  const fresh = rowsAfterHold(rows, held);
  return assembleCartBundle(
    cart,
    fresh.tickets,
    fresh.rows,
    { now: plan.at, seller: caller.seller, publicIdentityId: caller.publicIdentityId },
    // a new guest cart: nothing taken yet, and `readWhole` above sent every other owner to a read
    { codes: [], payments: [], owner: publicOwnerOf(cart) },
  );
}
