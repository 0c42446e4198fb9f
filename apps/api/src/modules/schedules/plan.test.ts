import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanInstallment } from '@/db/schema/payment-plans';
import { cartTotals, type TotalsTicket } from '@/modules/pricing/totals';
import {
  dueNow,
  mergeByDate,
  planSchedule,
  remainingSchedule,
  sellerToday,
  snapshotOf,
  ticketInstallments,
  ticketTotalOf,
  type PlanTicket,
} from './plan';

const TZ = 'America/New_York';
const TODAY = '2029-06-01';
const DEPOSIT: PlanInstallment[] = [
  { share_bp: 2500, days_before_start: null },
  { share_bp: 7500, days_before_start: 7 },
];
const sum = (entries: { amount: number }[]) => entries.reduce((n, e) => n + e.amount, 0);
const planned = (total: number, start = '2029-06-20T14:00:00Z'): PlanTicket => ({
  total,
  installments: DEPOSIT,
  sessionStart: new Date(start),
});

describe('plan rule', () => {
  it('splits by share, rounding down, the last installment taking the remainder', () => {
    expect(ticketInstallments(planned(1001), TODAY, TZ).map((e) => e.amount)).toEqual([250, 751]);
    const thirds = [3333, 3333, 3334].map((share_bp) => ({ share_bp, days_before_start: null }));
    const t = { total: 100, installments: thirds, sessionStart: new Date('2029-07-01T00:00Z') };
    expect(ticketInstallments(t, TODAY, TZ).map((e) => e.amount)).toEqual([33, 33, 34]);
  });

  it('dates an installment days before the session in the seller time zone; null is today', () => {
    expect(ticketInstallments(planned(1000), TODAY, TZ)).toEqual([
      { dueDate: TODAY, amount: 250 },
      { dueDate: '2029-06-13', amount: 750 },
    ]);
    // 02:00 UTC on the 20th is still the 19th in New York
    const late = ticketInstallments(planned(1000, '2029-06-20T02:00:00Z'), TODAY, TZ);
    expect(late[1]!.dueDate).toBe('2029-06-12');
    expect(sellerToday(new Date('2029-06-02T03:00:00Z'), TZ)).toBe(TODAY);
  });

  it('never dates an installment before today', () => {
    const soon = ticketInstallments(planned(1000, '2029-06-04T14:00:00Z'), TODAY, TZ);
    expect(soon).toEqual([
      { dueDate: TODAY, amount: 250 },
      { dueDate: TODAY, amount: 750 },
    ]);
  });

  it('dues a ticket without a plan or without a session today in full', () => {
    expect(ticketInstallments({ ...planned(900), installments: null }, TODAY, TZ)).toEqual([
      { dueDate: TODAY, amount: 900 },
    ]);
    expect(ticketInstallments({ ...planned(900), sessionStart: null }, TODAY, TZ)).toEqual([
      { dueDate: TODAY, amount: 900 },
    ]);
  });

  it('has no schedule when no ticket has a plan; merges by date ascending otherwise', () => {
    expect(planSchedule([{ total: 500, installments: null, sessionStart: null }], TODAY, TZ)).toBe(
      null,
    );
    const schedule = planSchedule(
      [
        planned(1000, '2029-07-20T14:00:00Z'),
        planned(2000),
        { total: 500, installments: null, sessionStart: null },
      ],
      TODAY,
      TZ,
    );
    expect(schedule).toEqual([
      { dueDate: TODAY, amount: 250 + 500 + 500 },
      { dueDate: '2029-06-13', amount: 1500 },
      { dueDate: '2029-07-13', amount: 750 },
    ]);
    expect(mergeByDate([{ dueDate: TODAY, amount: 0 }])).toEqual([]);
  });

  it('covers the earliest installments first; Overdue before today, else Upcoming', () => {
    const schedule = [
      { dueDate: '2029-05-20', amount: 300 },
      { dueDate: TODAY, amount: 300 },
      { dueDate: '2029-06-13', amount: 400 },
    ];
    expect(remainingSchedule(schedule, 0, TODAY).map((e) => e.status)).toEqual([
      'Overdue',
      'Upcoming',
      'Upcoming',
    ]);
    const left = remainingSchedule(schedule, 450, TODAY);
    expect(left).toEqual([
      { dueDate: TODAY, amount: 150, installment: 300, status: 'Upcoming' },
      { dueDate: '2029-06-13', amount: 400, installment: 400, status: 'Upcoming' },
    ]);
    expect(dueNow(left, TODAY)).toBe(150);
    expect(dueNow(left, '2029-06-13')).toBe(550);
    expect(remainingSchedule(schedule, 5000, TODAY)).toEqual([]);
  });

  it("counts a ticket's own total as cartTotals does: discounted price plus its fees", () => {
    const ticket: TotalsTicket = {
      id: 't1',
      faceValue: 2000,
      ticketTypeId: 'type',
      ticketGroupId: 'group',
      eventTemplateId: 'event',
      handler: 'tickets',
      outsideFees: [
        { name: 'fee_fixed_outside', fee: 150 },
        { name: 'fee_percent_outside', fee: 8875 },
      ],
    };
    const code = {
      id: 'c',
      discountType: 'fixed',
      discountValue: 500,
      resource: null,
      resourceId: null,
    };
    const totals = cartTotals([ticket], [code]);
    // the 8.875 % is on the 15.00 paid (1.33125 → 1.33), not on the 20.00 face (decision 0047)
    expect(ticketTotalOf(ticket, totals)).toBe(2000 - 500 + 150 + 133);
    expect(ticketTotalOf(ticket, totals)).toBe(totals.outstanding);
  });
});

const installmentsArb = fc
  .array(
    fc.record({
      share_bp: fc.integer({ min: 0, max: 10_000 }),
      days_before_start: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((steps) => {
    // shares of a real plan sum to 10 000: the last one takes what the others leave
    let left = 10_000;
    return steps.map((s, i) => {
      const share_bp = i === steps.length - 1 ? left : Math.min(s.share_bp, left);
      left -= share_bp;
      return { ...s, share_bp };
    });
  });
const ticketArb: fc.Arbitrary<PlanTicket> = fc.record({
  total: fc.integer({ min: 0, max: 200_000 }),
  installments: fc.option(installmentsArb, { nil: null }),
  sessionStart: fc.option(
    fc.date({
      min: new Date('2029-05-01T00:00Z'),
      max: new Date('2029-09-01T00:00Z'),
      noInvalidDate: true,
    }),
    { nil: null },
  ),
});

describe('plan properties', () => {
  it('installments sum to the cart total; remaining sums to outstanding; 0 ≤ due ≤ outstanding', () => {
    fc.assert(
      fc.property(
        fc.array(ticketArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1_500_000 }),
        (tickets, paidRaw) => {
          const total = tickets.reduce((n, t) => n + t.total, 0);
          const schedule =
            planSchedule(tickets, TODAY, TZ) ?? mergeByDate([{ dueDate: TODAY, amount: total }]);
          expect(sum(schedule)).toBe(total);
          expect(schedule.every((e, i) => i === 0 || schedule[i - 1]!.dueDate < e.dueDate)).toBe(
            true,
          );
          expect(schedule.every((e) => e.dueDate >= TODAY && e.amount > 0)).toBe(true);
          const paid = paidRaw % (total + 1);
          const remaining = remainingSchedule(schedule, paid, TODAY);
          const outstanding = total - paid;
          expect(sum(remaining)).toBe(outstanding);
          expect(remaining.every((e) => e.amount > 0 && e.amount <= e.installment)).toBe(true);
          const due = dueNow(remaining, TODAY);
          expect(due).toBeGreaterThanOrEqual(0);
          expect(due).toBeLessThanOrEqual(outstanding);
          // the order's snapshot, covered by the same payments, leaves the same schedule
          const snapshot = snapshotOf(remaining, paid, TODAY);
          expect(sum(snapshot)).toBe(total);
          expect(
            remainingSchedule(snapshot, paid, TODAY).map((e) => [e.dueDate, e.amount]),
          ).toEqual(remaining.map((e) => [e.dueDate, e.amount]));
        },
      ),
    );
  });

  it('a cart without plans has no schedule: due is the whole outstanding amount', () => {
    fc.assert(
      fc.property(
        fc.array(
          ticketArb.map((t) => ({ ...t, installments: null })),
          { minLength: 1, maxLength: 5 },
        ),
        (tickets) => {
          expect(planSchedule(tickets, TODAY, TZ)).toBe(null);
        },
      ),
    );
  });
});
