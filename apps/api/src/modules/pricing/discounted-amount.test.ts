import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeMayDiscount } from '@admit/contracts/rules/discounts';
import { cartTotals, discountedAmount, type TotalsCode, type TotalsTicket } from './totals';

/**
 * A ticket type's `discounted_amount` (shopping §3; decision 0075) is a money identity of the
 * pricing model (decision 0047): in any cart, a ticket's adjusted value is its type's discounted
 * amount (its face when null), whatever else the cart holds; and the figure is a real discount.
 */

const TYPES = [
  { type: 'adult', group: 'timed', handler: 'tickets' },
  { type: 'child', group: 'timed', handler: 'tickets' },
  { type: 'seat', group: 'stalls', handler: 'seated' },
  { type: 'gift', group: 'donations', handler: 'donation' },
  { type: 'level', group: 'members', handler: 'membership' },
];

const ticketArb = fc.record({
  kind: fc.constantFrom(...TYPES),
  faceValue: fc.integer({ min: 0, max: 300_00 }),
  event: fc.constantFrom('museum', 'tour'),
});

const codeArb = fc.record({
  discountType: fc.constantFrom('percent', 'fixed'),
  discountValue: fc.integer({ min: 0, max: 120_000 }),
  target: fc.oneof(
    fc.constant({ resource: null, resourceId: null }),
    fc.record({
      resource: fc.constant('ticket_type'),
      resourceId: fc.constantFrom(...TYPES.map((t) => t.type)),
    }),
    fc.record({
      resource: fc.constant('ticket_group'),
      resourceId: fc.constantFrom('timed', 'stalls', 'donations', 'members'),
    }),
    fc.record({ resource: fc.constant('event_template'), resourceId: fc.constant('museum') }),
  ),
});

const cartArb = fc.record({
  tickets: fc.array(ticketArb, { minLength: 1, maxLength: 8 }),
  codes: fc.array(codeArb, { maxLength: 4 }),
});

type Cart = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

function build(cart: Cart) {
  const tickets: TotalsTicket[] = cart.tickets.map((t, i) => ({
    id: `t${i}`,
    faceValue: t.faceValue,
    ticketTypeId: t.kind.type,
    ticketGroupId: t.kind.group,
    eventTemplateId: t.event,
    handler: t.kind.handler,
    outsideFees: [{ name: 'fee_fixed_outside', fee: 200 }],
  }));
  const codes: TotalsCode[] = cart.codes.map(({ target, ...c }, i) => ({
    ...c,
    id: `code-${i}`,
    ...target,
  }));
  return { tickets, codes };
}

describe('discounted_amount: the pricing model per ticket type', () => {
  it("a cart's ticket is charged exactly its type's discounted amount (else its face)", () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        const totals = cartTotals(tickets, codes);
        for (const { id, outsideFees: _fees, ...type } of tickets) {
          const discounted = discountedAmount(type, codes);
          expect(totals.tickets.get(id)!.adjustedValue).toBe(discounted ?? type.faceValue);
        }
      }),
    );
  });

  it('is a real discount: 0 ≤ discounted < face, and null when no code takes anything', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        for (const { id: _id, outsideFees: _fees, ...type } of tickets) {
          const discounted = discountedAmount(type, codes);
          if (discounted === null) continue;
          expect(discounted).toBeGreaterThanOrEqual(0);
          expect(discounted).toBeLessThan(type.faceValue);
          expect(Number.isInteger(discounted)).toBe(true);
        }
        if (codes.every((c) => c.discountValue === 0)) {
          for (const { id: _id, outsideFees: _fees, ...type } of tickets) {
            expect(discountedAmount(type, codes)).toBeNull();
          }
        }
      }),
    );
  });

  it('a code on every ticket never gives a donation or a membership a discounted amount', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        const everyTicket = codes.filter((c) => c.resource === null);
        for (const { id: _id, outsideFees: _fees, ...type } of tickets) {
          if (codeMayDiscount(null, type.handler)) continue;
          expect(discountedAmount(type, everyTicket)).toBeNull();
        }
      }),
    );
  });
});
