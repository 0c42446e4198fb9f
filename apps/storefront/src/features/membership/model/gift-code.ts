import { GIFT_CODE_LENGTH } from '@admit/contracts/constants';
import type { CodeLookup } from '@admit/contracts/codes';
import { decimalToMinor } from '@admit/contracts/money';
import type { Meta, TicketType } from '@admit/contracts/resources';

/**
 * The gift of membership code (identity §2 "Redeem gift of membership", §4 "Gift code: expired,
 * exhausted or valid; valid leads to the membership event", §5, §9).
 */

/** identity §9 — "Redeem page shows at most 3 levels, sorted by discount". */
export const REDEEM_LEVELS_MAX = 3;

export type GiftCodeState = 'valid' | 'invalid' | 'expired' | 'redeemed';

/** identity §5 — "Gift code: required, exactly 10 characters". */
export function normalizeGiftCode(input: string): string | null {
  const code = input.trim();
  return code.length === GIFT_CODE_LENGTH ? code : null;
}

/** The server's verdict (by its clock, decision 0038) in the redeem page's words. */
const SERVER_STATES = { valid: 'valid', expired: 'expired', exhausted: 'redeemed' } as const;

/**
 * What a lookup means: unknown or not a gift of membership → invalid; else the server's `state`
 * ("the server owns time": a visitor's wrong clock changes nothing). A lookup without one (an
 * older server) is read from its dates: before valid_from or after valid_to → expired; no use
 * left → redeemed.
 */
export function giftCodeStateOf(lookup: CodeLookup | null, now: number): GiftCodeState {
  if (!lookup || lookup.kind !== 'gift_of_membership') return 'invalid';
  if (lookup.state) return SERVER_STATES[lookup.state];
  const from = lookup.valid_from ? Date.parse(lookup.valid_from) : null;
  const to = lookup.valid_to ? Date.parse(lookup.valid_to) : null;
  if ((from !== null && now < from) || (to !== null && now > to)) return 'expired';
  if (lookup.exhausted) return 'redeemed';
  return 'valid';
}

/**
 * The levels the code may be redeemed for: sorted by what the code takes off each (largest
 * first; the lookup's `discounts`, decision 0035), at most 3. Without discounts the levels keep
 * their order.
 */
export function redeemLevelsOf(
  levels: readonly TicketType[],
  discounts: CodeLookup['discounts'],
): TicketType[] {
  const discountOf = new Map(
    (discounts ?? []).map((d) => [d.ticket_type_id, decimalToMinor(d.amount)] as const),
  );
  const covered = discounts ? levels.filter((type) => discountOf.has(type.id)) : [...levels];
  return covered
    .map((type, index) => ({ type, index, discount: discountOf.get(type.id) ?? 0 }))
    .sort((a, b) => b.discount - a.discount || a.index - b.index)
    .slice(0, REDEEM_LEVELS_MAX)
    .map(({ type }) => type);
}

/** What the redeem page says of the gift before its levels; null where the seller says nothing. */
export interface RedeemTexts {
  summary: string | null;
  description: string | null;
}

/**
 * identity §3 — a membership group's meta `redeem_gom_summary` and `redeem_gom_description`:
 * the redeem page's words for the gift, read from the first offered group that has them.
 */
export function redeemTextsOf(meta: readonly Meta[], groupIds: readonly string[]): RedeemTexts {
  const text = (key: string) => {
    for (const groupId of groupIds) {
      const row = meta.find(
        (m) => m.resource === 'ticket_group' && m.resource_id === groupId && m.key === key,
      );
      if (typeof row?.value === 'string' && row.value.trim() !== '') return row.value;
    }
    return null;
  };
  return { summary: text('redeem_gom_summary'), description: text('redeem_gom_description') };
}
