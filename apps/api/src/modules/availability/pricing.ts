import { formatMoney, minorToDecimal } from '@admit/contracts/money';
import type { PriceOffer } from '@admit/contracts/rules/advertised-price';
import type { TypeFacts } from './status-rules';

/** Prices and outside fees of ticket types (shopping §3 calendar day min_price and fees). */

export interface PriceRange {
  min: number;
  max: number;
  /** each type at its lowest price with its own fees: what the all-in minimum is taken over */
  offers: PriceOffer[];
}

/** The lowest and highest price of one type where it is quoted (a session, a day's sessions). */
export type TypePrices = (type: TypeFacts) => { min: number; max: number };

/** A type at its own amount (no session prices). */
const ownAmount: TypePrices = (type) => ({ min: type.amount, max: type.amount });

/**
 * Lowest and highest price among the types, each at `pricesOf` (default its own amount; a
 * session's or a day's prices, decision 0043), with every type's lowest price and fees; null
 * without types.
 */
export function priceRange(
  types: TypeFacts[],
  pricesOf: TypePrices = ownAmount,
): PriceRange | null {
  if (types.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  const offers: PriceOffer[] = [];
  for (const type of types) {
    const prices = pricesOf(type);
    min = Math.min(min, prices.min);
    max = Math.max(max, prices.max);
    offers.push({ faceMinor: prices.min, outsideFees: type.outsideFees });
  }
  return { min, max, offers };
}

/** Money on the wire: "25.00" (or null). */
export const money = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : minorToDecimal(minor);

/** A price for people to read in the seller's currency: "$12.00", "£22.00" (en-US digits). */
export const formatCurrency = (minor: number, currency: string): string =>
  formatMoney(minorToDecimal(minor), currency, 'en-US');
