import { ticketFees } from './fees';

/**
 * What a price shown before checkout includes (seller setting `all_in_prices`, decision 0048):
 * - `off`: the face value; fees and tax appear only in the cart and at checkout;
 * - `fees`: face value plus the mandatory fixed fees ("Service charges"); percent fees ("Tax")
 *   are added at checkout (US FTC fee rule, 16 CFR Part 464: taxes may be excluded);
 * - `fees_and_tax`: face value plus every outside fee (UK DMCC Act 2024: no drip pricing).
 */
export const ALL_IN_PRICES = ['off', 'fees', 'fees_and_tax'] as const;
export type AllInPrices = (typeof ALL_IN_PRICES)[number];

/** Of one ticket's fees (`ticketFees`), the part a price before checkout includes. */
export function includedFees(fees: { fixed: number; percent: number }, allIn: AllInPrices) {
  if (allIn === 'off') return 0;
  return fees.fixed + (allIn === 'fees_and_tax' ? fees.percent : 0);
}

/**
 * The price of one ticket as shown before checkout, in minor units: the face value plus the
 * fees `allIn` includes, each computed by `ticketFees` exactly as the cart charges them per
 * ticket — so n tickets shown at this price add up to the cart's figure for the same fees.
 */
export function advertisedPrice(faceMinor: number, outsideFees: unknown, allIn: AllInPrices) {
  return faceMinor + includedFees(ticketFees(faceMinor, outsideFees), allIn);
}

/** A price a visitor could be charged: one type's face value (at a session) and its fees. */
export interface PriceOffer {
  faceMinor: number;
  outsideFees: unknown;
}

/**
 * The lowest price shown among `offers` (issue 22): the minimum over the offers of each one's
 * advertised price — not the advertised price of the cheapest face value, which is wrong when
 * fee rules differ per type (a percent fee on one, a fixed fee on another). Null without offers.
 */
export function lowestAdvertisedPrice(
  offers: Iterable<PriceOffer>,
  allIn: AllInPrices,
): number | null {
  let lowest: number | null = null;
  for (const { faceMinor, outsideFees } of offers) {
    const shown = advertisedPrice(faceMinor, outsideFees, allIn);
    if (lowest === null || shown < lowest) lowest = shown;
  }
  return lowest;
}
