import type { OrderCancelResponse, OrderEditResponse } from '@admit/contracts/manage';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { editAmounts } from '@/features/manage/model/confirm-changes';
import { editOf } from '@/features/manage/model/manage-view';

/**
 * What the manage page says after a change (identity §4 "Manage order": "The success message
 * uses reschedule text if any ticket is in_cart, otherwise cancelled text"), with the refund a
 * cheaper change or a cancel made, if any.
 */
export interface ManageSuccess {
  kind: 'reschedule' | 'cancel' | 'pending';
  /** decimal amount refunded, in `currency` */
  refund: string | null;
  currency: string;
}

/** The success of committing an edit: its kind (the server's `in_cart` rule) and its refund. */
export function editSuccess(edit: OrderEditResponse): ManageSuccess {
  const { difference, currency } = editAmounts(edit);
  return {
    kind: editOf(edit)?.kind === 'reschedule' ? 'reschedule' : 'cancel',
    refund: difference < 0 ? minorToDecimal(-difference) : null,
    currency,
  };
}

/** The success of a cancel: the refunds it made. */
export function cancelSuccess(answer: OrderCancelResponse, currency: string): ManageSuccess {
  const minor = answer.payment_refund._data.reduce((n, r) => n + decimalToMinor(r.amount), 0);
  return { kind: 'cancel', refund: minor > 0 ? minorToDecimal(minor) : null, currency };
}

/** The navigation state that carries a success back to /manage/{orderId} (from the confirm page). */
export function successState(success: ManageSuccess) {
  return { manageSuccess: success };
}

export function successOf(state: unknown): ManageSuccess | null {
  if (typeof state !== 'object' || state === null || !('manageSuccess' in state)) return null;
  return (state as { manageSuccess: ManageSuccess }).manageSuccess;
}
