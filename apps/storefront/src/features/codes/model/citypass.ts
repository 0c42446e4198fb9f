import type { CartBundle } from '@admit/contracts/cart';
import { cleanVoucher } from '@admit/contracts/rules/citypass';
import type { CodesStringKey } from '@/features/codes/strings';

/**
 * CityPASS voucher fields (shopping §5 "CityPASS codes", identity §5 "Voucher codes"): one per
 * selected ticket, each cleaned. Whether a voucher fits the adult or child pattern of the
 * seller's `citypass_code_groups` is the server's answer alone (modules/codes/citypass.ts, in
 * linear time): the browser's RegExp backtracks, and a seller's pattern such as `(a+)+` would
 * freeze the visitor's tab on a long voucher (issue 22; decision 0046, update of issue 22).
 */

/** The field's own check before the apply: a voucher is required (spec: shopping §5). */
export function voucherError(raw: string): CodesStringKey | null {
  return cleanVoucher(raw) ? null : 'codes.citypass.required';
}

/**
 * The field the server's CityPASS answer is about: 422 `invalid_citypass` names the ticket in
 * `_extra.ticket_id` (a missing or mismatching voucher); its message goes under that field, as
 * the spec's mismatch text. Null when the answer names no field of the form.
 */
export function serverVoucherError(
  failure: { code: string; extra: Record<string, unknown> | null },
  values: Readonly<Record<string, string>>,
  ticketIds: readonly string[],
): { ticketId: string; error: CodesStringKey } | null {
  if (failure.code !== 'invalid_citypass') return null;
  const named = failure.extra?.ticket_id;
  const ticketId = ticketIds.find((id) => typeof named === 'string' && id === named.toLowerCase());
  if (!ticketId) return null;
  return { ticketId, error: voucherError(values[ticketId] ?? '') ?? 'codes.citypass.mismatch' };
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
