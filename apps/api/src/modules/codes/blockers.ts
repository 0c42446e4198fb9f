import { eq } from 'drizzle-orm';
import { cart } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { codeGroupsOf, ruleBlocks, unmetRules } from './apply';
import { selectCartCodes, selectLiveTickets, selectRulesOn } from './repo';

/** What keeps a cart from checking out (identity §3 "blocking rules", §4 pay button hidden). */
export interface CheckoutBlocker {
  /** the checkout rule's id, or the cartmod's (cart_code) id */
  id: string;
  /** code_required (a checkout rule) | blocking_cartmod (a code with blocking_checkout) */
  block_reason: string;
  code_group: string | null;
  description: string;
}

/**
 * Every blocker of a cart's checkout, for the checkout module to call inside its transaction:
 * checkout rules on live tickets that no code of the cart satisfies (the bundle's
 * `blocking_rule`), then applied codes marked `blocking_checkout`. Empty: checkout may go on.
 */
export async function checkoutBlockers(db: Executor, cartId: string): Promise<CheckoutBlocker[]> {
  // one after another: inside a transaction they share one connection (pg refuses overlap)
  const [owner] = await db
    .select({ sellerId: cart.sellerId })
    .from(cart)
    .where(eq(cart.id, cartId));
  if (!owner) return [];
  const codes = await selectCartCodes(db, cartId);
  const tickets = await selectLiveTickets(db, cartId);
  const resources = [
    ...new Set(tickets.flatMap((t) => [t.ticketTypeId, t.ticketGroupId, t.eventTemplateId])),
  ];
  const rules = await selectRulesOn(db, owner.sellerId, resources);
  const groups = new Set(codes.flatMap((c) => codeGroupsOf(c.code)));
  const fromRules = unmetRules(rules, tickets, groups).map((r) => ({
    id: r.id,
    block_reason: r.blockReason,
    code_group: r.codeGroup,
    description: r.description,
  }));
  const fromCartmods = codes
    .filter((c) => c.code.blockingCheckout)
    .map((c) => ({
      id: c.cartCode.id,
      block_reason: 'blocking_cartmod',
      code_group: c.code.codeGroup,
      description: c.code.description ?? c.code.name,
    }));
  return [...fromRules, ...fromCartmods];
}

/**
 * Throws the first blocker as 422 `rule_blocks_reserve`, context `checkout_rules`,
 * `_extra: { block_reason, code_group, description }` (the storefront opens the code modal).
 */
export async function assertNoCheckoutBlockers(db: Executor, cartId: string) {
  const [first] = await checkoutBlockers(db, cartId);
  if (first) {
    throw ruleBlocks({
      blockReason: first.block_reason,
      codeGroup: first.code_group ?? '',
      description: first.description,
    });
  }
}
