import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import type { Executor } from '@/db/transaction';
import { freezeTicketCharges } from './repo';

/**
 * Fees frozen per ticket (decision 0047 "Update (frozen fees)"): when a cart becomes an order,
 * or an edit cart's tickets join one, each ticket keeps the adjusted value, service charge and
 * tax the checkout's bundle priced it at — the figures the order's totals and the charge were
 * made from — so receipts, the mail, order edits and the export never re-price a sale after
 * the seller changes a fee or a tax rate.
 */
export async function freezeCartCharges(tx: Executor, cartId: string, bundle: CartBundle) {
  const rows = bundle.ticket._data.flatMap((t) =>
    t.state === 'in_cart' &&
    t.fee_fixed_outside !== undefined &&
    t.fee_percent_outside !== undefined
      ? [
          {
            id: t.id,
            adjusted: decimalToMinor(t.adjusted_value),
            fixed: decimalToMinor(t.fee_fixed_outside),
            percent: decimalToMinor(t.fee_percent_outside),
          },
        ]
      : [],
  );
  await freezeTicketCharges(tx, cartId, rows);
}
