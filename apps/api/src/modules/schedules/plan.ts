import type { PlanInstallment } from '@/db/schema/payment-plans';
import { addDays, localDate } from '@/lib/zoned-time';
import { lineTotals } from '@admit/contracts/rules/fees';
import type { CartTotals, TotalsTicket } from '@/modules/pricing/totals';

/**
 * The payment-plan rule (identity §3 "scheduled payments", §4 "Partial payment options"), pure:
 * each ticket's own total splits over its group's installments, the installments merge by due
 * date into the schedule, and the payments made cover it earliest first. Minor units throughout;
 * dates are YYYY-MM-DD in the seller's time zone (docs/decisions/0020-scheduled-payments.md).
 */

export const SHARE_WHOLE_BP = 10_000;

/** One date of a schedule: what falls due that day. */
export interface ScheduleEntry {
  dueDate: string;
  amount: number;
}

/** A scheduled payment still to make, with its Upcoming/Overdue status (identity §4). */
export interface RemainingEntry extends ScheduleEntry {
  /** the amount of the installment before payments reduced it */
  installment: number;
  status: 'Upcoming' | 'Overdue';
}

/** A ticket as the plan sees it: its own total and, if its group has one, the plan. */
export interface PlanTicket {
  /** price after its cartmod discount, plus its outside fees (minor units) */
  total: number;
  installments: PlanInstallment[] | null;
  sessionStart: Date | null;
}

/** What one ticket costs on its own, exactly as cartTotals counts it (discount, then fees). */
export function ticketTotalOf(ticket: TotalsTicket, totals: CartTotals): number {
  const line =
    totals.tickets.get(ticket.id)?.line ?? lineTotals(ticket.faceValue, 0, ticket.outsideFees);
  return line.total;
}

/** The seller's calendar date of an instant ("today" of the schedule). */
export const sellerToday = (now: Date, timeZone: string) => localDate(now, timeZone);

/**
 * One ticket's installments: shares of its total rounded down, the last one taking the rounding
 * remainder (so they sum to the total whatever the shares); due `days_before_start` before the
 * session's local date but never before today; without a plan or a session, all due today.
 */
export function ticketInstallments(
  ticket: PlanTicket,
  today: string,
  timeZone: string,
): ScheduleEntry[] {
  const plan = ticket.installments;
  if (!plan || plan.length === 0 || !ticket.sessionStart) {
    return [{ dueDate: today, amount: ticket.total }];
  }
  const startDate = localDate(ticket.sessionStart, timeZone);
  let given = 0;
  return plan.map((step, i) => {
    const last = i === plan.length - 1;
    const amount = last
      ? ticket.total - given
      : Math.floor((ticket.total * Math.max(0, step.share_bp)) / SHARE_WHOLE_BP);
    given += amount;
    const wanted =
      step.days_before_start === null ? today : addDays(startDate, -step.days_before_start);
    return { dueDate: wanted < today ? today : wanted, amount };
  });
}

/** Entries merged by date, ascending; days owing nothing are dropped. */
export function mergeByDate(entries: ScheduleEntry[]): ScheduleEntry[] {
  const byDate = new Map<string, number>();
  for (const e of entries) byDate.set(e.dueDate, (byDate.get(e.dueDate) ?? 0) + e.amount);
  return [...byDate]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([dueDate, amount]) => ({ dueDate, amount }));
}

/**
 * The cart's schedule (dueDate, amount)[] ascending, or null when no ticket has a plan: an
 * ordinary cart has no schedule at all and is simply due in full.
 */
export function planSchedule(
  tickets: PlanTicket[],
  today: string,
  timeZone: string,
): ScheduleEntry[] | null {
  if (!tickets.some((t) => t.installments && t.installments.length > 0)) return null;
  return mergeByDate(tickets.flatMap((t) => ticketInstallments(t, today, timeZone)));
}

/**
 * What remains of a schedule once `paid` covers it, earliest installments first: the covered
 * ones disappear, the partly covered one is reduced. Overdue when due before today.
 */
export function remainingSchedule(
  schedule: ScheduleEntry[],
  paid: number,
  today: string,
): RemainingEntry[] {
  let left = Math.max(0, paid);
  const remaining: RemainingEntry[] = [];
  for (const entry of schedule) {
    const covered = Math.min(left, Math.max(0, entry.amount));
    left -= covered;
    const amount = entry.amount - covered;
    if (amount <= 0) continue;
    const status = entry.dueDate < today ? 'Overdue' : 'Upcoming';
    remaining.push({ dueDate: entry.dueDate, amount, installment: entry.amount, status });
  }
  return remaining;
}

/** What must be paid now (`total_due`): the remaining amounts due today or earlier. */
export function dueNow(remaining: ScheduleEntry[], today: string): number {
  return remaining.filter((e) => e.dueDate <= today).reduce((n, e) => n + e.amount, 0);
}

/**
 * The order's snapshot of a cart's schedule at checkout: what was already paid as one entry on
 * the booking day, then the remaining entries. Covering it with the same payments gives back
 * exactly the remaining schedule, and it sums to the order's total.
 */
export function snapshotOf(
  remaining: ScheduleEntry[],
  paid: number,
  today: string,
): ScheduleEntry[] {
  return mergeByDate([{ dueDate: today, amount: Math.max(0, paid) }, ...remaining]);
}

/**
 * The remaining schedule of an order after a change (decision 0036, update "credit is what was
 * paid"): what it still owed (`kept`) less what the change took away, latest installments first,
 * plus the new tickets' installments (`added`), summing to `owed` exactly — so value booked =
 * paid + still owed by schedule. A shortfall (never expected) falls due today.
 */
export function rebalanceSchedule(
  kept: ScheduleEntry[],
  added: ScheduleEntry[],
  owed: number,
  today: string,
): ScheduleEntry[] {
  const sum = (list: ScheduleEntry[]) => list.reduce((n, e) => n + e.amount, 0);
  let excess = sum(kept) + sum(added) - owed;
  const trim = (list: ScheduleEntry[]) =>
    [...list]
      .reverse()
      .map((e) => {
        const cut = Math.min(Math.max(0, excess), e.amount);
        excess -= cut;
        return { dueDate: e.dueDate, amount: e.amount - cut };
      })
      .reverse();
  const entries = [...trim(kept), ...trim(added)];
  if (excess < 0) entries.push({ dueDate: today, amount: -excess });
  return mergeByDate(entries);
}
