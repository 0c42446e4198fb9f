import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { lineTotals, storedFeesOf } from '@admit/contracts/rules/fees';

/** Test helpers of the pricing suites: a cart's figures recomputed from its ticket lines. */

/**
 * The cart's totals as the sum of its live ticket lines (face, face − adjusted, fees of the
 * line's type), as decimal strings to compare with `cart_fees`.
 */
export function sumOfLines(bundle: CartBundle) {
  const types = new Map(bundle.ticket_type._data.map((t) => [t.id, t]));
  let subtotal = 0;
  let discounts = 0;
  let serviceCharges = 0;
  let tax = 0;
  for (const t of bundle.ticket._data) {
    if (t.state === 'cancelled' || t.state === 'unbooked') continue;
    const face = decimalToMinor(t.face_value);
    const fees = storedFeesOf(types.get(t.ticket_type_id)?.outside_fees ?? []);
    const line = lineTotals(face, face - decimalToMinor(t.adjusted_value), fees);
    subtotal += line.face;
    discounts += line.discount;
    serviceCharges += line.serviceCharge;
    tax += line.tax;
  }
  const payments = decimalToMinor(bundle.cart_fees._data[0]!.total_payments);
  const outstanding = Math.max(0, subtotal - discounts + serviceCharges + tax - payments);
  return {
    subtotal: minorToDecimal(subtotal),
    discounts: minorToDecimal(discounts),
    serviceCharges: minorToDecimal(serviceCharges),
    tax: minorToDecimal(tax),
    outstanding: minorToDecimal(outstanding),
  };
}
