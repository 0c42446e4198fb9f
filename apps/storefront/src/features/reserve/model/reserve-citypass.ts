import type { CartModifyBody } from '@admit/contracts/cart';
import { cleanVoucher } from '@admit/contracts/rules/citypass';
import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/**
 * CityPASS on the reserve forms of an event that takes it (shopping §3 `web.ecommerce.citypass`,
 * §5 "CityPASS codes"; decision 0076): a checkbox enables the fields, the CityPASS code and one
 * required voucher field per selected ticket. The modify carries them (`citypass`); the server
 * checks each voucher against the seller's patterns and answers a mismatch by the voucher's
 * ticket type and place (`_extra.ticket_type_id`, `voucher_index`), which names its field here.
 */

/** What the visitor typed: whether the checkbox is on, the code, each voucher by field id. */
export interface CitypassEntry {
  enabled: boolean;
  code: string;
  vouchers: Readonly<Record<string, string>>;
}

/** One voucher field: the n-th (from 0) selected ticket of a type. */
export interface VoucherSlot {
  typeId: string;
  typeName: string;
  index: number;
  fieldId: string;
}

export const CITYPASS_CODE_FIELD_ID = 'reserve-citypass-code';
export const CITYPASS_ENABLE_FIELD_ID = 'reserve-citypass-enable';

/** A ticket group as the fields read it: its types in the form's order. */
export interface VoucherGroup {
  ticketTypes: readonly { id: string; name: string }[];
}

/** One field per selected ticket, type by type in the form's order. */
export function voucherSlots(
  groups: readonly VoucherGroup[],
  quantities: Quantities,
): VoucherSlot[] {
  return groups.flatMap((group) =>
    group.ticketTypes.flatMap((type) =>
      Array.from({ length: quantities[type.id] ?? 0 }, (_, index) => ({
        typeId: type.id,
        typeName: type.name,
        index,
        fieldId: fieldId('citypass', type.id, index),
      })),
    ),
  );
}

/** The fields left empty, in page order (spec: shopping §5 "one required voucher field"). */
export function citypassIssues(entry: CitypassEntry, slots: readonly VoucherSlot[]): FieldIssue[] {
  if (!entry.enabled) return [];
  const issues: FieldIssue[] = [];
  if (entry.code.trim() === '') {
    issues.push({ fieldId: CITYPASS_CODE_FIELD_ID, messageKey: 'reserve.citypass_code_required' });
  }
  for (const slot of slots) {
    if (cleanVoucher(entry.vouchers[slot.fieldId] ?? '') === '') {
      issues.push({ fieldId: slot.fieldId, messageKey: 'reserve.citypass_voucher_required' });
    }
  }
  return issues;
}

/** The modify's `citypass`: the code and each ticket's cleaned voucher; undefined when off. */
export function citypassBody(
  entry: CitypassEntry,
  slots: readonly VoucherSlot[],
): CartModifyBody['citypass'] {
  if (!entry.enabled || slots.length === 0) return undefined;
  return {
    code: entry.code.trim(),
    vouchers: slots.map((slot) => ({
      ticket_type_id: slot.typeId,
      voucher: cleanVoucher(entry.vouchers[slot.fieldId] ?? ''),
    })),
  };
}

/** The voucher field a server's `invalid_citypass` names, or null (then it reads under the form). */
export function voucherFieldOf(
  failure: { code: string; extra: Record<string, unknown> | null },
  slots: readonly VoucherSlot[],
): string | null {
  if (failure.code !== 'invalid_citypass') return null;
  const type = failure.extra?.ticket_type_id;
  const index = failure.extra?.voucher_index;
  const slot = slots.find(
    (s) => typeof type === 'string' && s.typeId === type.toLowerCase() && s.index === index,
  );
  return slot?.fieldId ?? null;
}
