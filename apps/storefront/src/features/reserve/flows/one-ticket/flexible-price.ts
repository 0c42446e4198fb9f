import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import type { OneTicketStringKey } from '@/features/reserve/flows/one-ticket/one-ticket-strings';

/** A type whose price the visitor chooses (donations, custom gift cards): it has a min or max. */
export function isFlexiblePrice(
  type: Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>,
): boolean {
  return type.currency_amount_min !== null || type.currency_amount_max !== null;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/**
 * spec: shopping §5 "Flexible price: number, required, step 0.01, pattern of up to two
 * decimals, within the type's minimum and maximum". Returns the message key, or null when valid.
 */
export function validateFlexiblePrice(
  text: string,
  type: Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>,
): OneTicketStringKey | null {
  const value = text.trim();
  if (value === '') return 'reserve.one_ticket.amount_required';
  if (!AMOUNT.test(value)) return 'reserve.one_ticket.amount_format';
  const minor = decimalToMinor(value);
  const min = type.currency_amount_min === null ? null : decimalToMinor(type.currency_amount_min);
  const max = type.currency_amount_max === null ? null : decimalToMinor(type.currency_amount_max);
  if ((min !== null && minor < min) || (max !== null && minor > max)) {
    return 'reserve.one_ticket.amount_out_of_range';
  }
  return null;
}

/** A valid amount as wire money: "25" → "25.00". */
export function toFaceValue(text: string): string {
  return minorToDecimal(decimalToMinor(text.trim()));
}
