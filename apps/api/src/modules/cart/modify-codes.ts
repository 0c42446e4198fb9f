import type { CartModifyBody } from '@admit/contracts/cart';
import {
  cartCodeGroups,
  refuseAfterPayments,
  ruleBlocks,
  takeCodes,
  unmetRules,
  type CodeRequest,
  type TakenCode,
} from '@/modules/codes/apply';
import type { BundleRule } from '@/modules/codes/apply';
import type { BundleRows } from './bundle-repo';
import type { PlannedTicket } from './reserve-plan';
import type { Executor } from '@/db/transaction';

/**
 * The codes part of a modify (shopping §3 apply_code_before / apply_code_default, §8
 * rule_blocks_reserve; decision 0017): which codes the body names, and the checkout rules of
 * the tickets it asks for.
 */

// spec: shopping §3 — apply_code_before (preReservePromoCodes), then apply_code_default
// (preloadedPromoCodes); a code named twice is taken once
export function codeRequestsOf(body: CartModifyBody): CodeRequest[] {
  const seen = new Set<string>();
  const requests: CodeRequest[] = [];
  // a reserve form's CityPASS code is taken with them (its vouchers: reserve-citypass.ts)
  const citypass = body.citypass?.code ? [body.citypass.code] : [];
  for (const text of [
    ...(body.preReservePromoCodes ?? []),
    ...(body.preloadedPromoCodes ?? []),
    ...citypass,
  ]) {
    const key = text.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    requests.push({ code: text });
  }
  return requests;
}

const ruleTicketOf = (t: PlannedTicket) => ({
  ticketTypeId: t.type.id,
  ticketGroupId: t.group.id,
  eventTemplateId: t.event.id,
});

/**
 * The rules on the tickets asked for, read with the plan's rows (no round trip). When nothing
 * can satisfy them (`final`: a new cart and no codes in the body) the first is thrown at once,
 * before any transaction; otherwise the transaction checks them against the cart's codes.
 */
export function checkRulesBeforeTx(
  planned: PlannedTicket[],
  rows: BundleRows | null,
  final: boolean,
): BundleRule[] {
  const ruled = rows ? unmetRules(rows.rules, planned.map(ruleTicketOf), new Set()) : [];
  if (ruled[0] && final) throw ruleBlocks(ruled[0]);
  return ruled;
}

/**
 * In the modify's transaction, after the cart row is locked and before the hold (lock order
 * cart → codes → counters): takes a use of each named code (skipping codes the cart already
 * holds) and refuses tickets under a rule no code of the cart satisfies.
 */
export async function takeModifyCodes(
  tx: Executor,
  target: { sellerId: string; cartId: string; at: Date },
  modify: {
    existingCart: boolean;
    requests: CodeRequest[];
    ruled: BundleRule[];
    planned: PlannedTicket[];
  },
): Promise<TakenCode[]> {
  let taken: TakenCode[] = [];
  if (modify.requests.length > 0) {
    // spec: identity §4 — no codes once money was taken (a new cart has no payments)
    if (modify.existingCart) await refuseAfterPayments(tx, target.cartId);
    taken = await takeCodes(tx, target, modify.requests, 'skip');
  }
  if (modify.ruled.length > 0) {
    const groups = await cartCodeGroups(tx, target.cartId);
    const [blocked] = unmetRules(modify.ruled, modify.planned.map(ruleTicketOf), groups);
    if (blocked) throw ruleBlocks(blocked);
  }
  return taken;
}
