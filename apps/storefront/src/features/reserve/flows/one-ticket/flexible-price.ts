import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { flexibleAmountProblem } from '@admit/contracts/rules/flexible-amount';
import { isRangePrice } from '@admit/contracts/rules/price-display';
import type { TicketType } from '@admit/contracts/resources';
import type { OneTicketStringKey } from '@/features/reserve/flows/one-ticket/one-ticket-strings';

/** A type whose price the visitor chooses (donations, custom gift cards): it has a min or max. */
export function isFlexiblePrice(
  type: Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>,
): boolean {
  return isRangePrice(type);
}

/** A message to show: its key and the bounds it names, as wire money (the field formats them). */
export interface AmountMessage {
  key: OneTicketStringKey;
  min?: string;
  max?: string;
}

/**
 * spec: shopping §5 "Flexible price: number, required, step 0.01, pattern of up to two
 * decimals, within the type's minimum and maximum" (the rule: contracts' flexible-amount.ts).
 * Returns the message, or null when valid.
 */
export function validateFlexiblePrice(
  text: string,
  type: Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>,
): AmountMessage | null {
  const problem = flexibleAmountProblem(text, type);
  if (!problem) return null;
  switch (problem.kind) {
    case 'empty':
      return { key: 'reserve.one_ticket.amount_required' };
    case 'not_positive':
      return { key: 'reserve.one_ticket.amount_not_positive' };
    case 'format':
      return { key: 'reserve.one_ticket.amount_format' };
    case 'out_of_range': {
      const { min, max } = problem;
      if (min !== null && max !== null) {
        return { key: 'reserve.one_ticket.amount_out_of_range', min, max };
      }
      return min !== null
        ? { key: 'reserve.one_ticket.amount_out_of_range_min', min }
        : { key: 'reserve.one_ticket.amount_out_of_range_max', max: max ?? '' };
    }
  }
}

/** A valid amount as wire money: "25" → "25.00". */
export function toFaceValue(text: string): string {
  return minorToDecimal(decimalToMinor(text.trim()));
}
