import { decimalToMinor } from '../money';
import { ticketFees, type StoredFee } from './fees';

/**
 * What a price shown before checkout includes (seller setting `all_in_prices`, decision 0048):
 * - `off`: the face value; fees and tax appear only in the cart and at checkout;
 * - `fees`: face value plus the mandatory fixed fees ("Service charges"); percent fees ("Tax")
 *   are added at checkout (US FTC fee rule, 16 CFR Part 464: taxes may be excluded);
 * - `fees_and_tax`: face value plus every outside fee (UK DMCC Act 2024: no drip pricing).
 */
export const ALL_IN_PRICES = ['off', 'fees', 'fees_and_tax'] as const;
export type AllInPrices = (typeof ALL_IN_PRICES)[number];

/** One outside fee as the API sends it (resources.ts `outsideFeeSchema`). */
export interface WireFee {
  name: string;
  /** fixed: a money string ("2.00"); percent: a decimal percentage ("8.875") */
  fee: string;
}

/** A decimal percentage ("8.875", "7") → thousandths of a percent (8875, 7000); null if not one. */
function percentToThousandths(percent: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(percent.trim());
  if (!m) return null;
  const value = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] === '-' ? -value : value;
}

/** The API's outside fees back in the stored form `ticketFees` reads (the one fee rule). */
export function storedFeesOf(wire: readonly WireFee[]): StoredFee[] {
  return wire.flatMap((f): StoredFee[] => {
    if (f.name === 'fee_fixed_outside') return [{ name: f.name, fee: decimalToMinor(f.fee) }];
    const thousandths = f.name === 'fee_percent_outside' ? percentToThousandths(f.fee) : null;
    return thousandths === null ? [] : [{ name: f.name, fee: thousandths }];
  });
}

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
