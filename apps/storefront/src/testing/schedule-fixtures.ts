import type { Cart, CartBundle, ScheduledPayment } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { ORDER_ID, payableCart } from '@/testing/checkout-fixtures';

let scheduleCounter = 0;

/** One installment still to pay (identity §3 "scheduled payments"). */
export function makeScheduledPayment(overrides: Partial<ScheduledPayment> = {}): ScheduledPayment {
  scheduleCounter += 1;
  return {
    id: `sp-${scheduleCounter}`,
    cart_id: FIXTURE_CART_ID,
    ticket_order_id: null,
    dueDate: '2026-07-01',
    amount: '20.00',
    status: 'Upcoming',
    ...overrides,
  };
}

/**
 * A cart with a payment plan: `outstanding` in all, `due` now, the installments left and the
 * payments made so far (their ids drive the §4 reset).
 */
export function scheduledCart(options: {
  outstanding: string;
  due: string;
  schedule: ScheduledPayment[];
  paid?: string[];
  cart?: Partial<Cart>;
  order?: boolean;
}): CartBundle {
  const payments = (options.paid ?? []).map((amount, index) => ({
    id: `0000000${index}-aaaa-4bbb-8ccc-000000000000`,
    cart_id: FIXTURE_CART_ID,
    gateway_id: 'stripe',
    amount,
    state: 'succeeded',
    ledger_number: null,
    created_at: '2026-06-01T14:00:00.000Z',
  }));
  const bundle = payableCart(options.outstanding, {
    cart: options.cart,
    scheduled_payment: toCollection(options.schedule),
    payment: toCollection(payments),
    ...(options.order
      ? {
          ticket_order: toCollection([
            { id: ORDER_ID, cart_id: FIXTURE_CART_ID, order_number: 'A-1001' },
          ]),
        }
      : {}),
  });
  const fees = bundle.cart_fees._data[0]!;
  const paidMinor = payments.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
  fees.total_due = options.due;
  fees.total_payments = (paidMinor / 100).toFixed(2);
  return bundle;
}
