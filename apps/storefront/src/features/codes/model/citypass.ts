import type { CartBundle } from '@admit/contracts/cart';
import type { CitypassCodeGroup } from '@admit/contracts/codes';
import type { CodesStringKey } from '@/features/codes/strings';

/**
 * CityPASS voucher fields (shopping §5 "CityPASS codes", identity §5 "Voucher codes"): one per
 * selected ticket, each cleaned and matched against the adult or child pattern of the seller's
 * `citypass_code_groups` — the same rules as the server's modules/codes/citypass.ts.
 */

// spec: shopping §5 — "A type counts as child if its name contains a child keyword (configured,
// else "child")"
const DEFAULT_CHILD_KEYWORDS = ['child'];

/** spec: shopping §5 "each value is cleaned": trimmed, spaces and dashes removed. */
export const cleanVoucher = (voucher: string) => voucher.trim().replace(/[\s-]+/g, '');

export function isChildType(group: CitypassCodeGroup, typeName: string): boolean {
  const keywords = group.child_ticket_type_keywords?.length
    ? group.child_ticket_type_keywords
    : DEFAULT_CHILD_KEYWORDS;
  const name = typeName.toLowerCase();
  return keywords.some((k) => k.trim() !== '' && name.includes(k.trim().toLowerCase()));
}

const fullMatch = (pattern: string, value: string) => {
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return false; // a broken expression in the config matches nothing, as on the server
  }
};

/**
 * The storefront does not know a code's group before applying it, so a voucher passes when it
 * fits the ticket's pattern in any configured group (with one group, exactly the server's
 * check); the server checks the applied code's own group (decision 0019).
 */
export function voucherError(
  groups: CitypassCodeGroup[],
  typeName: string,
  raw: string,
): CodesStringKey | null {
  const voucher = cleanVoucher(raw);
  if (!voucher) return 'codes.citypass.required';
  const fits = groups.some((group) =>
    fullMatch(isChildType(group, typeName) ? group.child_regexp : group.adult_regexp, voucher),
  );
  return fits ? null : 'codes.citypass.mismatch';
}

export interface VoucherTicket {
  id: string;
  eventName: string;
  typeName: string;
}

// admission tickets take a pass voucher; donations, gift cards, memberships and codes do not
const VOUCHER_HANDLERS = new Set(['tickets', 'passes', 'seated']);

/** The cart's selected (live) admission tickets, in cart order: one voucher field each. */
export function voucherTickets(bundle: CartBundle): VoucherTicket[] {
  const groups = new Map(bundle.ticket_group._data.map((g) => [g.id, g]));
  const types = new Map(bundle.ticket_type._data.map((t) => [t.id, t]));
  const events = new Map(bundle.event_template._data.map((e) => [e.id, e]));
  return bundle.ticket._data
    .filter((t) => t.state !== 'cancelled' && t.state !== 'unbooked')
    .filter((t) => VOUCHER_HANDLERS.has(groups.get(t.ticket_group_id)?.handler ?? 'tickets'))
    .map((t) => ({
      id: t.id,
      eventName: events.get(t.event_template_id)?.name ?? '',
      typeName: types.get(t.ticket_type_id)?.name ?? '',
    }));
}
