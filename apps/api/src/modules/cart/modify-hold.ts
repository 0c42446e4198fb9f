import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { forgetSessionReads } from '@/http/read-scopes';
import { settleCodes } from '@/modules/codes/apply';
import { checkBeyondTerm } from '@/modules/memberships/beyond-term';
import { isMembershipTicket } from '@/modules/memberships/reserve-members';
import { assertRenewalsOpen } from '@/modules/memberships/renewal';
import { checkCompanionsInCart, seatRaceRefusal } from '@/modules/seats/reserve-seats';
import { checkAnchorMatch } from './anchor-match';
import { removeInTx, trimAddOnsInTx } from './cart-changes';
import { cartExpired, type CartCaller, type CartLookup } from './cart-lookup';
import type { createHoldCoalescer } from './hold-batch';
import { checkMemberBenefits, isMemberTicket } from './member-benefits';
import { lockIdentityRow } from './member-repo';
import { takeModifyCodes } from './modify-codes';
import type { ModifyPlan } from './modify-plan';
import {
  checkMembershipLevels,
  checkOrderLimits,
  holdTickets,
  newTicketOf,
  type HeldTickets,
} from './reserve';
import type { PlannedTicket } from './reserve-plan';
import { attachReserveVouchers, placedCitypassError } from './reserve-citypass';
import { touchLockedCart } from './cart-lock-repo';
import { countLiveTickets, insertCart, selectCartSessionIds } from './repo';

/**
 * The second step of a modify (plan → hold → answer; service.ts): the one write path. A new
 * cart taking places of one session only joins that session's coalesced batch
 * (hold-batch.ts); every other modify runs in one short transaction: the cart row is read
 * once, locked, and its ownership checked on it (cart-lookup.ts `lockModifiableCart`), then
 * remove, codes, limits and the hold. Both ends give the cart as written and what was held.
 */

/** What a modify wrote: the cart row as locked or inserted, and its new tickets (null: none). */
export interface ModifyWrite {
  cart: CartRow;
  held: HeldTickets | null;
  /** the sessions of the tickets the modify removed (their cached reads go stale) */
  freedSessions?: string[];
}

/** The cart a modify changes (null: a new one) and the modify's instant. */
export interface ModifyTarget {
  cartId: string | null;
  at: Date;
}

/** A plan, or the error planning threw (thrown by the hold once the cart may be seen). */
export type PlanOutcome = { ok: true; plan: ModifyPlan } | { ok: false; error: unknown };

export interface ModifyHoldDeps {
  db: Db;
  lookup: CartLookup;
  coalescer: ReturnType<typeof createHoldCoalescer>;
}

const planOf = (outcome: PlanOutcome): ModifyPlan => {
  if (!outcome.ok) throw outcome.error;
  return outcome.plan;
};

/** The sessions of a reserve's member tickets (for `member_reserve_session_beyond_term`). */
function memberSessions(planned: PlannedTicket[]) {
  const sessions = new Map<string, { id: string; startDatetime: Date }>();
  for (const t of planned)
    if (isMemberTicket(t) && t.session) sessions.set(t.session.id, t.session);
  return [...sessions.values()];
}

/**
 * identity §2 renewal period: a level is refused when its program's current term is not yet in
 * its renewal period — for the logged-in caller (a guest's holder is known at checkout, which
 * checks again; decision 0032). A gift cart makes a gift code, not a membership: its giftee is
 * checked when redeeming it (decision 0038).
 */
async function checkRenewals(tx: Tx, caller: CartCaller, cart: CartRow, plan: ModifyPlan) {
  const holderId = cart.gifteeIdentityId || caller.identity.isPublic ? null : caller.identity.id;
  const levelTypes = [...new Set(plan.planned.filter(isMembershipTicket).map((t) => t.type.id))];
  if (holderId && levelTypes.length > 0) {
    await assertRenewalsOpen(tx, caller.seller, holderId, levelTypes, plan.at);
  }
}

/**
 * The cart the modify changes, in its transaction: an existing one locked and checked (its
 * refusals come before the plan's, as a stranger's cart answers 404 whatever the body), or a
 * new one inserted. Null when the cart ran out (expired by this transaction).
 */
async function cartToChange(
  tx: Tx,
  { lookup }: ModifyHoldDeps,
  caller: CartCaller,
  { cartId, at }: ModifyTarget,
  outcome: PlanOutcome,
): Promise<{ cart: CartRow; plan: ModifyPlan } | null> {
  if (!cartId) {
    const plan = planOf(outcome);
    return { cart: await insertCart(tx, plan.newCart), plan };
  }
  const locked = await lookup.lockModifiableCart(tx, caller, cartId, at);
  if (locked === 'ran_out') return null;
  const plan = planOf(outcome);
  const cart = await touchLockedCart(tx, cartId, {
    now: plan.at,
    expiresAt: plan.planned.length > 0 ? plan.holdUntil : null,
    gifteeIdentityId: plan.gifteeId ?? undefined,
    additionalInfo: plan.body.additionalInfo ? plan.body.additionalInfo : undefined,
  });
  return { cart, plan };
}

/** The transaction of every modify but a coalesced one (see the module comment). */
async function holdInTransaction(
  deps: ModifyHoldDeps,
  caller: CartCaller,
  target: ModifyTarget,
  outcome: PlanOutcome,
): Promise<ModifyWrite | null> {
  const { cartId } = target;
  return withRetryingTransaction(deps.db, async (tx) => {
    // lock order: the member's identity row, then the cart row, then codes, then counters
    if (outcome.ok && outcome.plan.memberCheck) await lockIdentityRow(tx, caller.identity.id);
    const changed = await cartToChange(tx, deps, caller, target, outcome);
    if (!changed) return null;
    const { cart, plan } = changed;
    const freedSessions = await removeInTx(tx, cart.id, plan.body.remove?.tickets ?? []);
    const codeTarget = { sellerId: caller.seller.id, cartId: cart.id, at: plan.at };
    const taken = await takeModifyCodes(tx, codeTarget, {
      existingCart: !!cartId,
      requests: plan.codeRequests,
      ruled: plan.ruled,
      planned: plan.planned,
    });
    let held: HeldTickets | null = null;
    if (plan.planned.length > 0) {
      // a cart created just now holds nothing yet: no need to count
      const live = cartId ? await countLiveTickets(tx, cart.id) : [];
      checkOrderLimits(plan.planned, live);
      checkMembershipLevels(plan.planned, live);
      await checkAnchorMatch(
        tx,
        { sellerId: caller.seller.id, cartId: cartId ? cart.id : null },
        plan.planned,
        plan.addOnEvents,
      );
      await checkRenewals(tx, caller, cart, plan);
      // a companion seat's wheelchair seat already in this cart (after the removals above)
      if (cartId) await checkCompanionsInCart(tx, cart.id, plan.seats);
      if (plan.memberCheck) {
        const who = { identityId: caller.identity.id, cartId: cart.id };
        await checkMemberBenefits(tx, who, plan.planned, plan.at);
        await checkBeyondTerm(
          tx,
          { sellerId: caller.seller.id, identityId: caller.identity.id },
          memberSessions(plan.planned),
          plan.at,
        );
      }
      held = await holdTickets(tx, cart.id, plan.planned);
    }
    // on the cart as the modify leaves it: a type changed in one modify keeps its add-on
    if (plan.body.remove?.tickets.length) freedSessions.push(...(await trimAddOnsInTx(tx, cart)));
    const citypass = plan.body.citypass;
    const places = citypass
      ? await attachReserveVouchers(
          tx,
          { sellerId: caller.seller.id, cartId: cart.id },
          citypass,
          taken,
          held?.tickets ?? [],
        )
      : null;
    // a new cart without codes has nothing to settle
    if (cartId || taken.length > 0) {
      await settleCodes(tx, codeTarget, taken).catch((err: unknown) => {
        throw placedCitypassError(err, places);
      });
    }
    return { cart, held, freedSessions };
  });
}

/**
 * Writes a modify: remove, codes, limits and the hold, on the caller's cart or a new one. An
 * existing cart that ran out is expired and answered 410 `cart_expired`.
 */
export async function holdModify(
  deps: ModifyHoldDeps,
  caller: CartCaller,
  target: ModifyTarget,
  outcome: PlanOutcome,
): Promise<ModifyWrite> {
  // a new cart has no refusal of its own to give first
  const plan = target.cartId ? null : planOf(outcome);
  if (plan?.soleSession) {
    checkOrderLimits(plan.planned, []);
    await checkAnchorMatch(
      deps.db,
      { sellerId: caller.seller.id, cartId: null },
      plan.planned,
      plan.addOnEvents,
    );
    return deps.coalescer.hold(plan.soleSession, {
      cart: plan.newCart,
      tickets: plan.planned.map(newTicketOf),
    });
  }
  const written = await holdInTransaction(deps, caller, target, outcome).catch(
    async (err: unknown) => {
      // a seat taken by another cart first (decision 0052): rolled back, answered with the seats
      const seats = outcome.ok ? outcome.plan.seats : null;
      throw (await seatRaceRefusal(deps.db, err, seats)) ?? err;
    },
  );
  if (!written) {
    // the cart ran out and was expired by this transaction, now committed: its seats are free
    if (target.cartId)
      await forgetSessionReads(deps.db, await selectCartSessionIds(deps.db, target.cartId));
    throw cartExpired(target.cartId ?? '');
  }
  return written;
}
