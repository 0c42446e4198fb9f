import { decimalToMinor } from '../money';

/**
 * spec: shopping §5 "Flexible price: number, required, step 0.01, pattern of up to two decimals,
 * within the type's minimum and maximum". The one rule for an amount the visitor chooses (a
 * donation at checkout, a custom gift card or donation in the one-ticket form); each form words
 * the problem in its own text strings.
 */
export type FlexibleAmountProblem =
  | { kind: 'empty' }
  /** zero or less where the type sets no minimum */
  | { kind: 'not_positive' }
  | { kind: 'format' }
  /** below the minimum or above the maximum; the bounds the form names (null: none) */
  | { kind: 'out_of_range'; min: string | null; max: string | null };

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const NEGATIVE = /^-\s*\d/;

/** What is wrong with a typed amount for a type with these bounds, or null when it is valid. */
export function flexibleAmountProblem(
  text: string,
  bounds: { currency_amount_min: string | null; currency_amount_max: string | null },
): FlexibleAmountProblem | null {
  const value = text.trim();
  const { currency_amount_min: min, currency_amount_max: max } = bounds;
  if (value === '') return { kind: 'empty' };
  // issue #25: "-5" read "up to two decimals"; say what the amount must be instead
  if (NEGATIVE.test(value))
    return min === null ? { kind: 'not_positive' } : { kind: 'out_of_range', min, max };
  if (!AMOUNT.test(value)) return { kind: 'format' };
  const minor = decimalToMinor(value);
  if (min === null && minor <= 0) return { kind: 'not_positive' };
  if (
    (min !== null && minor < decimalToMinor(min)) ||
    (max !== null && minor > decimalToMinor(max))
  ) {
    return { kind: 'out_of_range', min, max };
  }
  return null;
}
