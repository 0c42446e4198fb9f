import { citypassCodeGroupsSchema, type CitypassCodeGroup } from '@admit/contracts/codes';
import { CITYPASS_MISMATCH_MESSAGE, cleanVoucher } from '@admit/contracts/rules/citypass';
import { AppError } from '@/http/app-error';
import { matchesSellerPattern } from '@/lib/seller-pattern';
import type { LiveTicketRow } from './repo';

/**
 * CityPASS vouchers (shopping §5 "CityPASS codes", identity §5 "Voucher codes"): a code whose
 * code_group is one of the seller's `citypass_code_groups` needs one voucher per ticket it
 * covers, each matching the adult or the child expression of that group.
 */

// spec: identity §3 Configuration — citypass_code_groups, stored per code group (contract)
export type CitypassGroup = CitypassCodeGroup;

// spec: shopping §5 — "a type counts as child if its name contains a child keyword (configured,
// else "child")"
const DEFAULT_CHILD_KEYWORDS = ['child'];

/** The CityPASS group of a code group, if the seller configured one (a bad config: none). */
export function citypassGroupOf(config: unknown, codeGroup: string | null): CitypassGroup | null {
  if (!codeGroup) return null;
  const parsed = citypassCodeGroupsSchema.safeParse(config ?? {});
  return parsed.success ? (parsed.data[codeGroup] ?? null) : null;
}

export function isChildType(group: CitypassGroup, typeName: string) {
  const keywords = group.child_ticket_type_keywords?.length
    ? group.child_ticket_type_keywords
    : DEFAULT_CHILD_KEYWORDS;
  const name = typeName.toLowerCase();
  return keywords.some((k) => k.trim() !== '' && name.includes(k.trim().toLowerCase()));
}

/**
 * One cleaned voucher per covered ticket, in ticket order. Throws 422 `invalid_citypass`
 * (`_extra.ticket_id`) for a missing or mismatching voucher and `citypass_failure` for one
 * given twice.
 */
export function checkVouchers(
  group: CitypassGroup,
  tickets: Pick<LiveTicketRow, 'id' | 'typeName'>[],
  given: { ticket_id: string; voucher: string }[],
): string[] {
  const byTicket = new Map(given.map((v) => [v.ticket_id.toLowerCase(), cleanVoucher(v.voucher)]));
  const vouchers: string[] = [];
  for (const t of tickets) {
    const voucher = byTicket.get(t.id);
    if (!voucher) {
      throw new AppError(
        'invalid_citypass',
        'apply_code',
        'A CityPASS voucher is required for each ticket',
        {
          ticket_id: t.id,
        },
      );
    }
    const pattern = isChildType(group, t.typeName) ? group.child_regexp : group.adult_regexp;
    // in linear time; a broken or refused pattern matches nothing (lib/seller-pattern.ts)
    if (!matchesSellerPattern(pattern, voucher)) {
      throw new AppError('invalid_citypass', 'apply_code', CITYPASS_MISMATCH_MESSAGE, {
        ticket_id: t.id,
      });
    }
    if (vouchers.includes(voucher)) throw voucherUsed(voucher);
    vouchers.push(voucher);
  }
  return vouchers;
}

export const voucherUsed = (voucher: string) =>
  new AppError('citypass_failure', 'apply_code', 'This CityPASS voucher has already been used', {
    voucher,
  });
