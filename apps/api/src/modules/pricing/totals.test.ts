import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentFee } from '@admit/contracts/rules/fees';
import {
  cartTotals,
  codeDiscountOn,
  voucherLimitOf,
  type TotalsCode,
  type TotalsTicket,
} from './totals';

const TYPES = ['t1', 't2'];
const GROUPS = ['g1', 'g2'];
const EVENTS = ['e1', 'e2'];

const ticketArb = fc.record({
  id: fc.uuid(),
  faceValue: fc.integer({ min: 0, max: 500_00 }),
  ticketTypeId: fc.constantFrom(...TYPES),
  ticketGroupId: fc.constantFrom(...GROUPS),
  eventTemplateId: fc.constantFrom(...EVENTS),
  handler: fc.constantFrom('tickets', 'passes', 'seated', 'donation', 'ledger', 'membership'),
  outsideFees: fc.array(
    fc.oneof(
      fc.record({ name: fc.constant('fee_fixed_outside'), fee: fc.integer({ min: 0, max: 500 }) }),
      fc.record({
        name: fc.constant('fee_percent_outside'),
        fee: fc.integer({ min: 0, max: 20_000 }),
      }),
    ),
    { maxLength: 2 },
  ),
}) satisfies fc.Arbitrary<TotalsTicket>;

const codeArb = fc
  .record({
    id: fc.uuid(),
    discountType: fc.constantFrom('percent', 'fixed'),
    // up to 150 % and 600.00: out-of-range values must still be capped
    discountValue: fc.integer({ min: -1000, max: 150_000 }),
    target: fc.oneof(
      fc.constant({ resource: null, resourceId: null }),
      fc.record({ resource: fc.constant('ticket_type'), resourceId: fc.constantFrom(...TYPES) }),
      fc.record({ resource: fc.constant('ticket_group'), resourceId: fc.constantFrom(...GROUPS) }),
      fc.record({
        resource: fc.constant('event_template'),
        resourceId: fc.constantFrom(...EVENTS),
      }),
    ),
  })
  .map(({ target, ...rest }): TotalsCode => ({
    ...rest,
    resource: target.resource,
    resourceId: target.resourceId,
  }));

const paymentArb = fc.record({
  amount: fc.integer({ min: 0, max: 2000_00 }),
  state: fc.constantFrom('succeeded', 'processing', 'failed', 'requires_action'),
});

const cartArb = fc.record({
  tickets: fc.uniqueArray(ticketArb, { selector: (t) => t.id, maxLength: 8 }),
  codes: fc.uniqueArray(codeArb, { selector: (c) => c.id, maxLength: 4 }),
  payments: fc.array(paymentArb, { maxLength: 3 }),
});

describe('cart totals: properties', () => {
  it('are never negative and no discount exceeds the price it discounts', () => {
    fc.assert(
      fc.property(cartArb, ({ tickets, codes, payments }) => {
        const totals = cartTotals(tickets, codes, payments);
        for (const value of [
          totals.price,
          totals.feeFixed,
          totals.feePercent,
          totals.cartmodAmount,
          totals.payments,
          totals.outstanding,
        ]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(value)).toBe(true);
        }
        expect(totals.cartmodAmount).toBeLessThanOrEqual(totals.price);
        for (const t of tickets) {
          const line = totals.tickets.get(t.id)!;
          expect(line.discount).toBeGreaterThanOrEqual(0);
          expect(line.discount).toBeLessThanOrEqual(t.faceValue);
          expect(line.adjustedValue).toBe(t.faceValue - line.discount);
        }
      }),
    );
  });

  it('add up: per-ticket discounts = per-cartmod discounts = the total, and outstanding balances', () => {
    fc.assert(
      fc.property(cartArb, ({ tickets, codes, payments }) => {
        const totals = cartTotals(tickets, codes, payments);
        const perTicket = [...totals.tickets.values()].reduce((n, t) => n + t.discount, 0);
        const perCartmod = [...totals.cartmods.values()].reduce((n, d) => n + d, 0);
        expect(perTicket).toBe(totals.cartmodAmount);
        expect(perCartmod).toBe(totals.cartmodAmount);
        expect(totals.price).toBe(tickets.reduce((n, t) => n + t.faceValue, 0));
        const counted = payments
          .filter((p) => p.state === 'succeeded' || p.state === 'processing')
          .reduce((n, p) => n + p.amount, 0);
        expect(totals.payments).toBe(counted);
        const due =
          totals.price - totals.cartmodAmount + totals.feeFixed + totals.feePercent - counted;
        expect(totals.outstanding).toBe(Math.max(0, due));
      }),
    );
  });

  it('give each ticket the best single covering code, rounded per ticket', () => {
    fc.assert(
      fc.property(cartArb, ({ tickets, codes }) => {
        const totals = cartTotals(tickets, codes);
        for (const t of tickets) {
          const best = Math.max(0, ...codes.map((c) => codeDiscountOn(c, t)));
          expect(totals.tickets.get(t.id)!.discount).toBe(best);
        }
      }),
    );
  });
});

describe('cart totals: examples', () => {
  const ticket = (id: string, faceValue: number, typeId = 't1'): TotalsTicket => ({
    id,
    faceValue,
    ticketTypeId: typeId,
    ticketGroupId: 'g1',
    eventTemplateId: 'e1',
    handler: 'tickets',
    outsideFees: [{ name: 'fee_fixed_outside', fee: 100 }],
  });
  const code = (id: string, over: Partial<TotalsCode>): TotalsCode => ({
    id,
    discountType: 'percent',
    discountValue: 10_000,
    resource: null,
    resourceId: null,
    ...over,
  });

  it('a code with a ticket limit (a CityPASS code: one per voucher) discounts only that many, in ticket order', () => {
    const city = code('city', { discountValue: 100_000, ticketLimit: voucherLimitOf('111,222') });
    const welcome = code('welcome', {});
    const totals = cartTotals(
      [ticket('a', 2500), ticket('b', 2500), ticket('c', 2500)],
      [city, welcome],
    );
    expect([...totals.tickets.values()].map((t) => [t.cartmodId, t.adjustedValue])).toEqual([
      ['city', 0],
      ['city', 0],
      // the third ticket brought no voucher: the next best code, not the CityPASS one
      ['welcome', 2250],
    ]);
    expect(totals.cartmods.get('city')).toBe(5000);
    expect(voucherLimitOf('')).toBe(0);
    expect(voucherLimitOf(null)).toBeNull();
    expect(cartTotals([ticket('a', 2500)], [code('none', { ticketLimit: 0 })]).cartmodAmount).toBe(
      0,
    );
  });

  it('rounds a percent code per ticket, not on the sum', () => {
    // 10 % of 1.05 is 0.105 → 0.11 per ticket (half away from zero); on the sum it would be 0.21
    const totals = cartTotals([ticket('a', 105), ticket('b', 105)], [code('c', {})]);
    expect(percentFee(105, 10_000)).toBe(11);
    expect(totals.cartmodAmount).toBe(22);
    expect(totals.tickets.get('a')).toMatchObject({
      discount: 11,
      adjustedValue: 94,
      cartmodId: 'c',
    });
  });

  it('caps a fixed code at the face value; a ticket made free carries no fixed fee', () => {
    const totals = cartTotals(
      [ticket('a', 300), ticket('b', 2000, 't2')],
      [
        code('five', {
          discountType: 'fixed',
          discountValue: 500,
          resource: 'ticket_type',
          resourceId: 't1',
        }),
      ],
    );
    expect(totals.tickets.get('a')!.discount).toBe(300);
    expect(totals.tickets.get('b')!.discount).toBe(0);
    // decision 0047: fees follow the price after the discount; 'a' is free, so only 'b' pays one
    expect(totals.feeFixed).toBe(100);
    expect(totals.outstanding).toBe(2300 - 300 + 100);
  });

  it('does not stack codes: the better one wins, ties go to the first applied', () => {
    const ten = code('ten', {});
    const twenty = code('twenty', { discountValue: 20_000 });
    const tenAgain = code('ten-again', {});
    const totals = cartTotals([ticket('a', 1000)], [ten, twenty, tenAgain]);
    expect(totals.tickets.get('a')).toMatchObject({ discount: 200, cartmodId: 'twenty' });
    expect(totals.cartmods.get('ten')).toBe(0);
    const tie = cartTotals([ticket('a', 1000)], [ten, tenAgain]);
    expect(tie.tickets.get('a')!.cartmodId).toBe('ten');
  });

  it('counts succeeded and processing payments and never goes below zero', () => {
    const totals = cartTotals(
      [ticket('a', 1000)],
      [],
      [
        { amount: 600, state: 'succeeded' },
        { amount: 300, state: 'processing' },
        { amount: 999, state: 'failed' },
        { amount: 500, state: 'succeeded' },
      ],
    );
    expect(totals.payments).toBe(1400);
    expect(totals.outstanding).toBe(0);
  });
});
