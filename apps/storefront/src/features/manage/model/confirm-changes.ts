import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { OrderEditResponse } from '@admit/contracts/manage';
import { decimalToMinor } from '@admit/contracts/money';
import { editOf } from '@/features/manage/model/manage-view';

/** What an open edit costs, in minor units (decision 0036: the server computes the difference). */
export function editAmounts(edit: OrderEditResponse) {
  const row = editOf(edit);
  const fees = edit.cart_fees._data[0];
  const difference = decimalToMinor(row?.difference ?? '0.00');
  return {
    /** new tickets less the credit of those taken away: < 0 is refunded on commit */
    difference,
    /** what is still to pay now (the difference less a gift card already applied) */
    outstanding: fees ? decimalToMinor(fees.grand_totals.total_outstanding) : difference,
    currency: row?.currency_code ?? fees?.currency_code ?? 'USD',
  };
}

/**
 * spec: identity §4 "Manage order" Confirm Changes — "if the outstanding total is 0 or less,
 * check out free; if payable, go to /manage/{id}/confirm; otherwise raise the unsupported-payment
 * error" (payable: what a card can take, identity §5, §9).
 */
export function confirmStep(edit: OrderEditResponse): 'free' | 'pay' | 'unsupported' {
  const { outstanding, currency } = editAmounts(edit);
  if (outstanding <= 0) return 'free';
  return isCardAmountSupported(outstanding, currency) ? 'pay' : 'unsupported';
}
