import type { CartBundle, ScheduledPayment } from '@admit/contracts/cart';
import { decimalToMinor } from '@admit/contracts/money';
import { formatCalendarDate } from '@admit/contracts/session-time';
import { outstandingMinor } from '@/features/checkout/model/checkout-view';

/** identity §4 "Partial payment options". */
export type PartialChoice = 'due' | 'outstanding' | 'other';

/** The remaining installments, earliest first (the server sends them so; a sort keeps it true). */
export function scheduledPayments(bundle: {
  scheduled_payment?: { _data: ScheduledPayment[] };
}): ScheduledPayment[] {
  return [...(bundle.scheduled_payment?._data ?? [])].sort((a, b) =>
    a.dueDate.localeCompare(b.dueDate),
  );
}

/**
 * What is due now and what is outstanding, in minor units. An absent `total_due` (servers
 * before scheduled payments) means the whole balance is due; due never exceeds outstanding.
 */
export function paymentAmounts(bundle: CartBundle): { due: number; outstanding: number } {
  const outstanding = outstandingMinor(bundle);
  const fees = bundle.cart_fees._data[0];
  const due = fees?.total_due === undefined ? outstanding : decimalToMinor(fees.total_due);
  return { due: Math.min(Math.max(due, 0), outstanding), outstanding };
}

/**
 * The options offered (identity §4): due, outstanding and other; only outstanding when the
 * amount due equals the balance. Paying a balance (`balance`) leaves out a due of nothing:
 * there is no zero payment to make on an existing order.
 */
export function partialChoices(
  due: number,
  outstanding: number,
  balance: boolean,
): PartialChoice[] {
  if (due >= outstanding) return ['outstanding'];
  return balance && due === 0 ? ['outstanding', 'other'] : ['due', 'outstanding', 'other'];
}

/** identity §4 — the selection (re)starts at due, or at outstanding when due is not offered. */
export function defaultChoice(choices: PartialChoice[]): PartialChoice {
  return choices.includes('due') ? 'due' : 'outstanding';
}

/** spec: identity §5 — the 'other' amount is clamped between the amount due and the balance. */
export function clampOther(minor: number, due: number, outstanding: number): number {
  if (!Number.isFinite(minor)) return due;
  return Math.min(Math.max(Math.round(minor), due), outstanding);
}

/** The amount the chosen option pays, in minor units. */
export function chosenMinor(
  choice: PartialChoice,
  other: number,
  due: number,
  outstanding: number,
): number {
  if (choice === 'due') return due;
  if (choice === 'other') return clampOther(other, due, outstanding);
  return outstanding;
}

/**
 * A fingerprint of the cart's completed payments (identity §3 "completed payments"): when it
 * changes, the selection resets (identity §4).
 */
export function completedPaymentsKey(bundle: CartBundle): string {
  const paid = (bundle.payment?._data ?? [])
    .filter((p) => p.state === 'succeeded')
    .map((p) => p.id)
    .sort();
  return `${bundle.cart_fees._data[0]?.total_payments ?? ''}|${paid.join(',')}`;
}

/** identity §4 "Checkout result" partial: what was paid, what is left, the next installment. */
export interface PartialResult {
  paidMinor: number;
  outstandingMinor: number;
  next: ScheduledPayment | null;
}

export function partialResult(outstandingBefore: number, after: CartBundle): PartialResult {
  const left = outstandingMinor(after);
  return {
    paidMinor: Math.max(outstandingBefore - left, 0),
    outstandingMinor: left,
    next: scheduledPayments(after)[0] ?? null,
  };
}

/** The partial result as the payment section says it (identity §4: paid, next due payment). */
export function partialMessage(
  result: PartialResult,
  money: (minor: number) => string,
  locale?: string,
): { paid: string; next: string; nextDue: { date: string; amount: string } | null } {
  return {
    paid: money(result.paidMinor),
    next: money(result.outstandingMinor),
    nextDue: result.next
      ? {
          date: formatCalendarDate(result.next.dueDate, locale),
          amount: money(decimalToMinor(result.next.amount)),
        }
      : null,
  };
}
