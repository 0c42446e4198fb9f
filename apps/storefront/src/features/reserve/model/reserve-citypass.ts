import type { CartBundle, CartModifyBody } from '@admit/contracts/cart';
import { cleanVoucher } from '@admit/contracts/rules/citypass';
import { resourceCovers } from '@admit/contracts/rules/discounts';
import type { FieldIssue } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/**
 * CityPASS on the reserve forms of an event that takes it (shopping §3 `web.ecommerce.citypass`,
 * §5 "CityPASS codes"; decision 0076): a checkbox enables the fields, the CityPASS code and one
 * required voucher field per selected ticket. The modify carries them (`citypass`); the server
 * checks each voucher against the seller's patterns and answers a mismatch by the voucher's
 * ticket type and place (`_extra.ticket_type_id`, `voucher_index`), which names its field here.
 * On a cart that already holds a CityPASS code covering the event, every ticket added brings its
 * voucher: the fields are asked without the checkbox or the code, and join the cart's code
 * (decision 0098).
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

/** The event's types with their groups, to tell whether a code's resource covers them. */
export interface CitypassEvent {
  id: string;
  types: readonly { id: string; groupId: string }[];
}

/**
 * Whether the cart holds a CityPASS code (its code group one of the seller's
 * `citypass_code_groups`) that covers tickets of the event: then every ticket added takes a
 * voucher (decision 0098).
 */
export function holdsCitypassFor(
  bundle: Pick<CartBundle, 'cartmod'> | null,
  citypassGroups: Readonly<Record<string, unknown>>,
  event: CitypassEvent,
): boolean {
  return (bundle?.cartmod._data ?? []).some(
    (mod) =>
      !!mod.code_group &&
      Object.hasOwn(citypassGroups, mod.code_group) &&
      event.types.some((type) =>
        resourceCovers(
          { resource: mod.resource, resourceId: mod.resource_id },
          { ticketTypeId: type.id, ticketGroupId: type.groupId, eventTemplateId: event.id },
        ),
      ),
  );
}

/**
 * The fields left empty, in page order (spec: shopping §5 "one required voucher field").
 * `held`: the cart's code is used, so no code is asked.
 */
export function citypassIssues(
  entry: CitypassEntry,
  slots: readonly VoucherSlot[],
  held = false,
): FieldIssue[] {
  if (!entry.enabled) return [];
  const issues: FieldIssue[] = [];
  if (!held && entry.code.trim() === '') {
    issues.push({ fieldId: CITYPASS_CODE_FIELD_ID, messageKey: 'reserve.citypass_code_required' });
  }
  for (const slot of slots) {
    if (cleanVoucher(entry.vouchers[slot.fieldId] ?? '') === '') {
      issues.push({ fieldId: slot.fieldId, messageKey: 'reserve.citypass_voucher_required' });
    }
  }
  return issues;
}

/**
 * The modify's `citypass`: the code and each ticket's cleaned voucher; undefined when off.
 * `held`: no code, so the vouchers join the cart's CityPASS code.
 */
export function citypassBody(
  entry: CitypassEntry,
  slots: readonly VoucherSlot[],
  held = false,
): CartModifyBody['citypass'] {
  if (!entry.enabled || slots.length === 0) return undefined;
  return {
    ...(held ? {} : { code: entry.code.trim() }),
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
