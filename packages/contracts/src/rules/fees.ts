import { decimalToMinor } from '../money';

/**
 * One outside fee as stored on a ticket type (db/schema/catalog.ts `outside_fees`). A fixed fee
 * with `on_free: true` is also charged on a ticket whose price after discounts is 0 (the seller's
 * choice, seller file `fees: [{ fixed, on_free: true }]`); without it a free ticket carries none.
 */
export interface StoredFee {
  name: string;
  fee: number;
  on_free?: boolean;
}

/**
 * A percent fee on one ticket: `thousandths` is thousandths of a percent (8875 = 8.875 %), so
 * the exact fee is face × thousandths / 100 000 minor units, rounded half away from zero to the
 * minor unit. The only rounding rule of the cart; applied per ticket, then summed.
 */
export function percentFee(faceMinor: number, thousandths: number): number {
  const numerator = faceMinor * thousandths;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) + 50_000) / 100_000);
}

function storedFees(value: unknown): StoredFee[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is StoredFee =>
      typeof f === 'object' && f !== null && typeof f.name === 'string' && Number.isInteger(f.fee),
  );
}

/**
 * Fixed ("Service charges") and percent ("Tax") outside fees of one ticket at `priceMinor`, in
 * minor units (docs/decisions/0047-pricing-model.md). Pass the price after discounts (the
 * ticket's adjusted value): fees follow the price the buyer pays, so a free ticket carries no
 * tax and no fixed fee unless that fee says `on_free`. Called with a face value it gives the
 * fees of an undiscounted ticket (the all-in display price).
 */
export function ticketFees(priceMinor: number, outsideFees: unknown) {
  let fixed = 0;
  let percent = 0;
  for (const fee of storedFees(outsideFees)) {
    if (fee.name === 'fee_fixed_outside' && (priceMinor !== 0 || fee.on_free === true)) {
      fixed += fee.fee;
    }
    if (fee.name === 'fee_percent_outside') percent += percentFee(priceMinor, fee.fee);
  }
  return { fixed, percent };
}

/** One ticket line of a cart or an order, minor units (decision 0047). */
export interface LineTotals {
  /** the ticket's price before discounts (its `face_value`); the subtotal sums these */
  face: number;
  /** what the discount takes off, 0 ≤ discount ≤ face */
  discount: number;
  /** face − discount: the ticket's `adjusted_value` */
  adjusted: number;
  /** fixed outside fees on the adjusted value ("Service charges") */
  serviceCharge: number;
  /** percent outside fees on the adjusted value ("Tax"), rounded per line */
  tax: number;
  /** adjusted + serviceCharge + tax */
  total: number;
}

/**
 * The figures of one ticket line, the one home of the per-line rule that the cart, the order,
 * payment plans, receipts and exports all read: discount first, then fees on what is left.
 */
export function lineTotals(faceMinor: number, discountMinor: number, outsideFees: unknown) {
  const adjusted = faceMinor - discountMinor;
  const fees = ticketFees(adjusted, outsideFees);
  const line: LineTotals = {
    face: faceMinor,
    discount: discountMinor,
    adjusted,
    serviceCharge: fees.fixed,
    tax: fees.percent,
    total: adjusted + fees.fixed + fees.percent,
  };
  return line;
}

/**
 * The fees a ticket in an order was charged, minor units: its `fee_fixed_outside` (service
 * charge) and `fee_percent_outside` (tax), frozen when it joined the order. Null on a cart's
 * ticket, which is priced live from its type's fees until checkout freezes it.
 */
export interface ChargedFees {
  feeFixedOutside: number | null;
  feePercentOutside: number | null;
}

/**
 * A ticket's line as its buyer is charged: once in an order, with the fees frozen on it (a
 * seller's later fee or tax change leaves receipts, order edits and the export alone); in a
 * cart, by the live rule (`lineTotals` with its type's current `outsideFees`). Decision 0047
 * "Update (frozen fees)".
 */
export function chargedLineTotals(
  faceMinor: number,
  adjustedMinor: number,
  outsideFees: unknown,
  charged: ChargedFees,
): LineTotals {
  const { feeFixedOutside: fixed, feePercentOutside: percent } = charged;
  if (fixed === null || percent === null) {
    return lineTotals(faceMinor, faceMinor - adjustedMinor, outsideFees);
  }
  return {
    face: faceMinor,
    discount: faceMinor - adjustedMinor,
    adjusted: adjustedMinor,
    serviceCharge: fixed,
    tax: percent,
    total: adjustedMinor + fixed + percent,
  };
}

/** One outside fee as the API sends it (resources.ts `outsideFeeSchema`). */
export interface WireFee {
  name: string;
  on_free?: boolean;
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

/**
 * The API's outside fees (resources.ts: fixed "1.50", percent "8.875") back in the stored form
 * `ticketFees` reads, so the storefront's shown prices and receipt lines use the one fee rule.
 */
export function storedFeesOf(wire: readonly WireFee[]): StoredFee[] {
  return wire.flatMap((f): StoredFee[] => {
    if (f.name === 'fee_fixed_outside') {
      const fee = decimalToMinor(f.fee);
      return [f.on_free ? { name: f.name, fee, on_free: true } : { name: f.name, fee }];
    }
    const thousandths = f.name === 'fee_percent_outside' ? percentToThousandths(f.fee) : null;
    return thousandths === null ? [] : [{ name: f.name, fee: thousandths }];
  });
}
