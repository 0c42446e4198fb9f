import { AppError } from '@/http/app-error';
import { resourceCovers } from '@admit/contracts/rules/discounts';
import { cartTotals, voucherLimitOf, type TotalsTicket } from '@/modules/pricing/totals';
import type { Executor } from '@/db/transaction';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { checkVouchers, citypassGroupOf, voucherUsed } from './citypass';
import { assertGiverIsNotGiftee } from '@/modules/giftee/service';
import {
  hasCountedPayments,
  insertCartCode,
  selectCartCodes,
  selectCodeByText,
  selectGiftRedeemer,
  selectLiveTickets,
  selectRulesOn,
  selectVouchersInUse,
  takeCodeUse,
  updateAdjustedValues,
  updateCartCodeVoucher,
  type CartCodeRow,
  type CodeRow,
} from './repo';

/** A checkout rule as a reserve reads it with its ticket type (decision 0017). */
export interface BundleRule {
  id: string;
  resource: string;
  resourceId: string;
  blockReason: string;
  codeGroup: string;
  description: string;
}

/**
 * Applying codes to a cart inside the caller's transaction (shopping §3 apply_code_before,
 * apply_code_default, apply_code; §8 promo code errors). The cart row is already locked; lock
 * order: cart, then code rows, then capacity counters (decision 0017).
 */

export interface CodeRequest {
  code: string;
  vouchers?: { ticket_id: string; voucher: string }[];
}

export interface TakenCode {
  cartCodeId: string;
  code: CodeRow;
  vouchers?: CodeRequest['vouchers'];
}

const CONTEXT = 'apply_code';
const REDEEMABLE_KINDS = new Set(['promo', 'gift_of_membership']);

/** valid_from inclusive, valid_to exclusive, by the server's clock (decision 0038). */
export const withinDates = (row: CodeRow, at: Date) =>
  !(row.validFrom && row.validFrom > at) && !(row.validTo && row.validTo <= at);

/** 404 code_not_found with the text as typed: the one answer for unknown and unusable codes. */
const codeNotFound = (text: string) =>
  new AppError(
    'code_not_found',
    CONTEXT,
    `"${text}" is not a valid promo code.`,
    { code: text },
    404,
  );

/**
 * spec: identity §5 "Gifting to oneself" — the giver of a gift of membership may not redeem it
 * (decision 0038). A guest cart's redeemer is nobody yet: the gift is theirs to redeem.
 */
async function refuseOwnGift(tx: Executor, cartId: string, codeId: string) {
  const { owner, giverId } = await selectGiftRedeemer(tx, cartId, codeId);
  if (owner && giverId && owner.kind !== 'public') {
    await assertGiverIsNotGiftee(tx, giverId, { id: owner.id, email: owner.email });
  }
}

/** The groups a code counts for: its own code_group and the groups it activates. */
export function codeGroupsOf(row: Pick<CodeRow, 'codeGroup' | 'activatingCodeGroups'>): string[] {
  const activating = Array.isArray(row.activatingCodeGroups)
    ? row.activatingCodeGroups.filter((g): g is string => typeof g === 'string')
    : [];
  return row.codeGroup ? [row.codeGroup, ...activating] : activating;
}

type RuleTicket = Pick<TotalsTicket, 'ticketTypeId' | 'ticketGroupId' | 'eventTemplateId'>;

/** Rules covering some ticket whose code group no code of the cart gives (shopping §8). */
export function unmetRules<R extends Pick<BundleRule, 'resource' | 'resourceId' | 'codeGroup'>>(
  rules: R[],
  tickets: RuleTicket[],
  groups: Set<string>,
): R[] {
  return rules.filter((r) => !groups.has(r.codeGroup) && tickets.some((t) => resourceCovers(r, t)));
}

/** 422 rule_blocks_reserve, context checkout_rules (shopping §8: the code modal opens on it). */
export function ruleBlocks(rule: Pick<BundleRule, 'blockReason' | 'codeGroup' | 'description'>) {
  return new AppError('rule_blocks_reserve', 'checkout_rules', rule.description, {
    block_reason: rule.blockReason,
    code_group: rule.codeGroup,
    description: rule.description,
  });
}

/** spec: identity §4 — "no payments have been made": money on the cart freezes its codes. */
export async function refuseAfterPayments(tx: Executor, cartId: string) {
  if (await hasCountedPayments(tx, cartId)) {
    throw new AppError(
      'validation_failed',
      CONTEXT,
      'code: codes cannot be applied once a payment has been made',
      { field: 'code', reason: 'payments_made' },
      422,
    );
  }
}

/**
 * Takes one use of each requested code for the cart. `onDuplicate: 'skip'` (modify: a retry
 * may resend a code the cart already holds) or 'fail' (apply_code: 422 duplicate_code).
 */
export async function takeCodes(
  tx: Executor,
  target: { sellerId: string; cartId: string; at: Date },
  requests: CodeRequest[],
  onDuplicate: 'skip' | 'fail',
): Promise<TakenCode[]> {
  const taken: TakenCode[] = [];
  for (const request of requests) {
    const text = request.code.trim();
    const row = await selectCodeByText(tx, target.sellerId, text);
    // spec: shopping §8 — '"{code}" is not a valid promo code.' (a gift of membership's code
    // is redeemed the same way: it pays for a level, decision 0038). A real code outside its
    // dates answers exactly as an unknown one: the spec names no code for it, and a distinct
    // answer told a guesser the code exists (decision 0046)
    if (!row || !REDEEMABLE_KINDS.has(row.kind) || !withinDates(row, target.at)) {
      throw codeNotFound(text);
    }
    const cartCode = await insertCartCode(tx, target.cartId, row.id, target.at);
    if (!cartCode) {
      if (onDuplicate === 'skip') continue;
      throw new AppError('duplicate_code', CONTEXT, 'This code is already applied to the cart', {
        code: row.code,
      });
    }
    if (!(await takeCodeUse(tx, row.id))) {
      throw new AppError('code_exhausted', CONTEXT, 'This code has been used up', {
        code: row.code,
      });
    }
    if (row.kind === 'gift_of_membership') await refuseOwnGift(tx, target.cartId, row.id);
    taken.push({ cartCodeId: cartCode.id, code: row, vouchers: request.vouchers });
  }
  return taken;
}

const asTotalsTicket = (
  t: Awaited<ReturnType<typeof selectLiveTickets>>[number],
): TotalsTicket => ({
  ...t,
  outsideFees: null,
});
const asTotalsCode = (c: CartCodeRow, vouchers = c.cartCode.voucher) => ({
  id: c.cartCode.id,
  discountType: c.code.discountType,
  discountValue: c.code.discountValue,
  resource: c.code.resource,
  resourceId: c.code.resourceId,
  ticketLimit: voucherLimitOf(vouchers),
});

/**
 * Once the cart's tickets are final in this transaction: every newly taken code must give a
 * benefit (a larger discount, or a checkout rule it satisfies) and its CityPASS vouchers must
 * hold; then each live ticket's adjusted value is stored. A cart without codes costs one read.
 */
export async function settleCodes(
  tx: Executor,
  target: { sellerId: string; cartId: string },
  taken: TakenCode[],
) {
  const held = await selectCartCodes(tx, target.cartId);
  if (held.length === 0) return;
  const tickets = await selectLiveTickets(tx, target.cartId);
  const live = tickets.map(asTotalsTicket);
  // a newly taken CityPASS code's vouchers first: it discounts one ticket per voucher it holds
  // ('' for none), so the totals below are the ones its vouchers allow (decision 0100)
  const stored = new Map<string, string>();
  const citypass = taken.some((t) => t.code.codeGroup)
    ? (await readSellerSettings(tx, target.sellerId)).citypass_code_groups
    : null;
  for (const t of taken) {
    const group = citypassGroupOf(citypass, t.code.codeGroup);
    if (!group) continue;
    const covered = tickets.filter((ticket) => resourceCovers(t.code, ticket));
    const vouchers = checkVouchers(group, covered, t.vouchers ?? []);
    const [used] = await selectVouchersInUse(tx, target.sellerId, vouchers, target.cartId);
    if (used) throw voucherUsed(used);
    stored.set(t.cartCodeId, vouchers.join(','));
    await updateCartCodeVoucher(tx, t.cartCodeId, vouchers.join(','));
  }
  const codes = held.map((c) => asTotalsCode(c, stored.get(c.cartCode.id) ?? c.cartCode.voucher));
  const totals = cartTotals(live, codes);
  if (taken.length > 0) {
    const needsRules = taken.some((t) => codeGroupsOf(t.code).length > 0);
    const rules = needsRules
      ? await selectRulesOn(tx, target.sellerId, [
          ...new Set(tickets.flatMap((t) => [t.ticketTypeId, t.ticketGroupId, t.eventTemplateId])),
        ])
      : [];
    for (const t of taken) {
      const without = cartTotals(
        live,
        codes.filter((c) => c.id !== t.cartCodeId),
      );
      const discounts = totals.cartmodAmount > without.cartmodAmount;
      const groups = new Set(codeGroupsOf(t.code));
      const unlocks = unmetRules(rules, live, new Set()).some((r) => groups.has(r.codeGroup));
      if (!discounts && !unlocks) {
        throw new AppError('no_code_benefit', CONTEXT, 'This code gives no benefit to the cart', {
          code: t.code.code,
        });
      }
    }
  }
  await updateAdjustedValues(
    tx,
    target.cartId,
    tickets
      .filter((t) => totals.tickets.get(t.id)!.adjustedValue !== t.adjustedValue)
      .map((t) => ({ id: t.id, adjusted: totals.tickets.get(t.id)!.adjustedValue })),
  );
}

/** The code groups a cart's codes give (checkout rules are satisfied by these). */
export async function cartCodeGroups(tx: Executor, cartId: string): Promise<Set<string>> {
  const held = await selectCartCodes(tx, cartId);
  return new Set(held.flatMap((c) => codeGroupsOf(c.code)));
}
