import type { CartFees } from '@admit/contracts/cart';

export type TotalLineKey = 'subtotal' | 'service_charges' | 'tax' | 'discounts' | 'payments';

export interface TotalLine {
  key: TotalLineKey;
  amount: string;
}

export interface CartTotals {
  lines: TotalLine[];
  /** what is left to pay: grand_totals.total_outstanding */
  total: string;
  currency: string;
}

const isZero = (amount: string) => Number(amount) === 0;

/**
 * The totals block of the cart (shopping §9 "Fee display splits fixed fees ("Service charges")
 * and percent fees ("Tax"), with discounts, gift cards and payments"). Zero lines other than the
 * subtotal are left out; amounts are the server's, never recomputed here.
 */
export function toCartTotals(fees: CartFees): CartTotals {
  const candidates: TotalLine[] = [
    { key: 'service_charges', amount: fees.total_fee_fixed_outside },
    { key: 'tax', amount: fees.total_fee_percent_outside },
    { key: 'discounts', amount: fees.total_cartmod_amount },
    { key: 'payments', amount: fees.total_payments },
  ];
  return {
    lines: [
      { key: 'subtotal', amount: fees.total_before_cartmod_price },
      ...candidates.filter((line) => !isZero(line.amount)),
    ],
    total: fees.grand_totals.total_outstanding,
    currency: fees.currency_code,
  };
}
