import type { ScheduledPayment } from '@admit/contracts/cart';
import { minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import type { PlanInstallment } from '@/db/schema/payment-plans';
import type { CartTotals, TotalsTicket } from '@/modules/pricing/totals';
import {
  dueNow,
  planSchedule,
  remainingSchedule,
  sellerToday,
  ticketTotalOf,
  type RemainingEntry,
} from './plan';
import { selectPlans, selectScheduledPayments, type ScheduledPaymentRow } from './repo';
import type { CartRow, OrderRow } from '@/db/schema/cart';

/**
 * A cart's scheduled payments and `total_due` for its bundle: a pending cart's schedule comes
 * from its groups' payment plans, a completed cart's from the snapshot its order wrote.
 */

/** The rows the schedule needs beyond the bundle's own. */
export interface ScheduleRows {
  plans: Map<string, PlanInstallment[]>;
  snapshot: ScheduledPaymentRow[];
  order: OrderRow | null;
}

/**
 * Loads the plans of the cart's groups, and for a completed cart its snapshot; the caller adds
 * the order (a cart's order is the cart module's read).
 */
export async function selectScheduleRows(
  db: Db,
  cart: CartRow,
  groups: { paymentPlanId: string | null }[],
): Promise<Omit<ScheduleRows, 'order'>> {
  const planIds = [...new Set(groups.map((g) => g.paymentPlanId).filter((v) => v !== null))];
  const completed = cart.state === 'completed';
  const [plans, snapshot] = await Promise.all([
    completed ? new Map<string, PlanInstallment[]>() : selectPlans(db, cart.sellerId, planIds),
    completed ? selectScheduledPayments(db, cart.id) : [],
  ]);
  return { plans, snapshot };
}

export interface CartScheduleInput {
  cart: CartRow;
  /** the live tickets, with their type's outside fees */
  tickets: (TotalsTicket & { eventSessionId: string | null })[];
  totals: CartTotals;
  groups: { id: string; paymentPlanId: string | null }[];
  sessions: { id: string; startDatetime: Date }[];
  /** undefined: not loaded (a new cart answered from the rows in hand) */
  rows: ScheduleRows | undefined;
  timeZone: string;
  now: Date;
}

export interface CartSchedule {
  /** minor units; null when a plan applies but was not loaded (total_due is then left out) */
  due: number | null;
  scheduled: ScheduledPayment[];
}

/** The scheduled payments still to make and what is due now (identity §4, §5). */
export function cartSchedule(input: CartScheduleInput): CartSchedule {
  const { cart, totals, rows } = input;
  const today = sellerToday(input.now, input.timeZone);
  const none: CartSchedule = { due: totals.outstanding, scheduled: [] };
  if (!rows) return input.groups.some((g) => g.paymentPlanId) ? { due: null, scheduled: [] } : none;
  let remaining: RemainingEntry[];
  let idOf: (dueDate: string) => string;
  if (rows.snapshot.length > 0) {
    remaining = remainingSchedule(rows.snapshot, totals.payments, today);
    const ids = new Map(rows.snapshot.map((r) => [r.dueDate, r.id]));
    idOf = (dueDate) => ids.get(dueDate)!;
  } else {
    if (cart.state === 'completed') return none;
    const planOf = new Map(input.groups.map((g) => [g.id, g.paymentPlanId]));
    const startOf = new Map(input.sessions.map((s) => [s.id, s.startDatetime]));
    const plan = planSchedule(
      input.tickets.map((t) => {
        const planId = planOf.get(t.ticketGroupId);
        return {
          total: ticketTotalOf(t, totals),
          installments: planId ? (rows.plans.get(planId) ?? null) : null,
          sessionStart: t.eventSessionId ? (startOf.get(t.eventSessionId) ?? null) : null,
        };
      }),
      today,
      input.timeZone,
    );
    if (!plan) return none;
    remaining = remainingSchedule(plan, totals.payments, today);
    // stable per cart and date while the cart is pending
    idOf = (dueDate) => `${cart.id}:${dueDate}`;
  }
  return {
    due: Math.min(dueNow(remaining, today), totals.outstanding),
    scheduled: remaining.map((e) => ({
      id: idOf(e.dueDate),
      cart_id: cart.id,
      ticket_order_id: rows.order?.id ?? null,
      dueDate: e.dueDate,
      amount: minorToDecimal(e.amount),
      status: e.status,
    })),
  };
}

/** The `ticket_order` embed of a completed cart (identity §7 GET cart). */
export const orderEmbedOf = (rows: ScheduleRows | undefined) =>
  rows?.order
    ? [{ id: rows.order.id, cart_id: rows.order.cartId, order_number: rows.order.orderNumber }]
    : [];
