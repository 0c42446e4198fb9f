import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import { ticketFees } from '@admit/contracts/rules/fees';
import type { TypeFacts } from './status-rules';

/** Prices and outside fees of ticket types (shopping §3 calendar day min_price and fees). */

/**
 * The outside fees on one ticket at this price, in minor units (the one fee rule, contracts
 * rules/fees.ts): fixed fees as stored, percent fees in thousandths of a percent.
 */
export function outsideFeesMinor(amount: number, stored: unknown): number {
  const { fixed, percent } = ticketFees(amount, stored);
  return fixed + percent;
}

export interface PriceRange {
  /** the cheapest type, whose fees are quoted beside it */
  cheapest: TypeFacts;
  min: number;
  max: number;
}

/** The lowest and highest price of one type where it is quoted (a session, a day's sessions). */
export type TypePrices = (type: TypeFacts) => { min: number; max: number };

/** A type at its own amount (no session prices). */
const ownAmount: TypePrices = (type) => ({ min: type.amount, max: type.amount });

/**
 * Lowest and highest price among the types, each at `pricesOf` (default its own amount; a
 * session's or a day's prices, decision 0043); null without types. Ties keep the first.
 */
export function priceRange(
  types: TypeFacts[],
  pricesOf: TypePrices = ownAmount,
): PriceRange | null {
  const [first, ...rest] = types;
  if (!first) return null;
  let cheapest = first;
  let { min, max } = pricesOf(first);
  for (const type of rest) {
    const prices = pricesOf(type);
    if (prices.min < min) {
      cheapest = type;
      min = prices.min;
    }
    if (prices.max > max) max = prices.max;
  }
  return { cheapest, min, max };
}

/** Money on the wire: "25.00" (or null). */
export const money = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : minorToDecimal(minor);

/** A price for people to read in the seller's currency: "$12.00", "£22.00" (en-US digits). */
export const formatCurrency = (minor: number, currency: string): string =>
  formatMoney(minorToDecimal(minor), currency, 'en-US');
