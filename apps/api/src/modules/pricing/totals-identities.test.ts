import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketFees } from '@admit/contracts/rules/fees';
import { resourceCovers } from '@admit/contracts/rules/discounts';
import { cartTotals, type TotalsCode, type TotalsTicket } from './totals';

/**
 * The pricing model's identities (decision 0047) over random carts: ticket types at random
 * (session) prices and quantities, donations, gift cards and memberships beside them, codes on
 * every ticket or on one type/group/event, and partial payments.
 */

const TYPES = ['adult', 'child', 'gift', 'card', 'level'];
const GROUP_OF: Record<string, { group: string; handler: string }> = {
  adult: { group: 'timed', handler: 'tickets' },
  child: { group: 'timed', handler: 'tickets' },
  gift: { group: 'donations', handler: 'donation' },
  card: { group: 'gift-cards', handler: 'ledger' },
  level: { group: 'members', handler: 'membership' },
};
const NOT_TICKETS = new Set(['donation', 'ledger', 'membership']);

const feesArb = fc.array(
  fc.oneof(
    fc.record({
      name: fc.constant('fee_fixed_outside'),
      fee: fc.integer({ min: 0, max: 500 }),
      on_free: fc.boolean(),
    }),
    fc.record({
      name: fc.constant('fee_percent_outside'),
      fee: fc.integer({ min: 0, max: 20_000 }),
    }),
  ),
  { maxLength: 3 },
);

/** One line of the cart: `quantity` tickets of a type at one (session) price. */
const lineArb = fc.record({
  type: fc.constantFrom(...TYPES),
  price: fc.integer({ min: 0, max: 300_00 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  event: fc.constantFrom('museum', 'tour'),
  fees: feesArb,
});

const codeArb = fc.record({
  discountType: fc.constantFrom('percent', 'fixed'),
  discountValue: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constant(100_000)),
  target: fc.oneof(
    fc.constant({ resource: null, resourceId: null }),
    fc.record({ resource: fc.constant('ticket_type'), resourceId: fc.constantFrom(...TYPES) }),
    fc.record({
      resource: fc.constant('ticket_group'),
      resourceId: fc.constantFrom('timed', 'donations', 'gift-cards', 'members'),
    }),
    fc.record({ resource: fc.constant('event_template'), resourceId: fc.constantFrom('museum') }),
  ),
});

const cartArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 5 }),
  codes: fc.array(codeArb, { maxLength: 3 }),
  payments: fc.array(
    fc.record({
      amount: fc.integer({ min: 0, max: 500_00 }),
      state: fc.constantFrom('succeeded', 'processing', 'failed'),
    }),
    { maxLength: 3 },
  ),
});

type Cart = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

function build({ lines, codes }: Cart) {
  const tickets: TotalsTicket[] = lines.flatMap((line, l) =>
    Array.from({ length: line.quantity }, (_, q) => ({
      id: `${l}-${q}`,
      faceValue: line.price,
      ticketTypeId: line.type,
      ticketGroupId: GROUP_OF[line.type]!.group,
      eventTemplateId: line.event,
      handler: GROUP_OF[line.type]!.handler,
      outsideFees: line.fees,
    })),
  );
  const totalsCodes: TotalsCode[] = codes.map(({ target, ...c }, i) => ({
    ...c,
    id: `code-${i}`,
    resource: target.resource,
    resourceId: target.resourceId,
  }));
  return { tickets, codes: totalsCodes };
}

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

describe('pricing model: identities over random carts', () => {
  it('subtotal = Σ lines; total = subtotal − discounts + fees + tax − payments', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        const totals = cartTotals(tickets, codes, cart.payments);
        const lines = tickets.map((t) => totals.tickets.get(t.id)!.line);
        expect(totals.price).toBe(sum(lines.map((l) => l.face)));
        expect(totals.cartmodAmount).toBe(sum(lines.map((l) => l.discount)));
        expect(totals.feeFixed).toBe(sum(lines.map((l) => l.serviceCharge)));
        expect(totals.feePercent).toBe(sum(lines.map((l) => l.tax)));
        for (const l of lines) {
          expect(l.adjusted).toBe(l.face - l.discount);
          expect(l.total).toBe(l.adjusted + l.serviceCharge + l.tax);
        }
        const grand = sum(lines.map((l) => l.total));
        expect(grand).toBe(
          totals.price - totals.cartmodAmount + totals.feeFixed + totals.feePercent,
        );
        expect(totals.outstanding).toBe(Math.max(0, grand - totals.payments));
      }),
    );
  });

  it('fees are those of the price after discounts, as ticketFees(adjusted value) gives them', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        const totals = cartTotals(tickets, codes);
        for (const t of tickets) {
          const line = totals.tickets.get(t.id)!.line;
          const fees = ticketFees(line.adjusted, t.outsideFees);
          expect([line.serviceCharge, line.tax]).toEqual([fees.fixed, fees.percent]);
          if (line.adjusted === 0) {
            // a free ticket: no tax, and only the fixed fees the seller charges on free tickets
            expect(line.tax).toBe(0);
            const onFree = (t.outsideFees as { name: string; fee: number; on_free: boolean }[])
              .filter((f) => f.name === 'fee_fixed_outside' && f.on_free)
              .reduce((n, f) => n + f.fee, 0);
            expect(line.serviceCharge).toBe(onFree);
          }
        }
      }),
    );
  });

  it('a code on every ticket leaves donations, gift cards and memberships whole', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { tickets, codes } = build(cart);
        const totals = cartTotals(tickets, codes);
        for (const t of tickets.filter((x) => NOT_TICKETS.has(x.handler!))) {
          const naming = codes.filter((c) => c.resource !== null && resourceCovers(c, t));
          if (naming.length === 0) expect(totals.tickets.get(t.id)!.discount).toBe(0);
        }
        const blanket = codes.filter((c) => c.resource === null);
        expect(
          cartTotals(
            tickets.filter((t) => NOT_TICKETS.has(t.handler!)),
            blanket,
          ).cartmodAmount,
        ).toBe(0);
      }),
    );
  });
});

describe('pricing model: the issue 22 examples', () => {
  const MUSEUM_FEES = [
    { name: 'fee_fixed_outside', fee: 200 },
    { name: 'fee_percent_outside', fee: 8875 },
  ];
  const ticket = (id: string, faceValue: number, handler: string, fees: unknown = []) => ({
    id,
    faceValue,
    ticketTypeId: id,
    ticketGroupId: `${id}-group`,
    eventTemplateId: 'museum',
    handler,
    outsideFees: fees,
  });
  const everyTicket = (id: string, discountValue: number): TotalsCode => ({
    id,
    discountType: 'percent',
    discountValue,
    resource: null,
    resourceId: null,
  });

  it('WELCOME10 takes 10 % off the admission and nothing off a 12.50 gift', () => {
    const totals = cartTotals(
      [ticket('adult', 2500, 'tickets', MUSEUM_FEES), ticket('gift', 1250, 'donation')],
      [everyTicket('welcome10', 10_000)],
    );
    expect(totals.tickets.get('gift')!.adjustedValue).toBe(1250);
    expect(totals.tickets.get('adult')!.line).toEqual({
      face: 2500,
      discount: 250,
      adjusted: 2250,
      serviceCharge: 200,
      tax: 200, // 8.875 % of 22.50 = 1.996875 → 2.00
      total: 2650,
    });
  });

  it('a CityPASS admission (100 % off its group) costs 0.00, not 4.22', () => {
    const citypass: TotalsCode = {
      ...everyTicket('citypass', 100_000),
      resource: 'ticket_group',
      resourceId: 'adult-group',
    };
    const totals = cartTotals([ticket('adult', 2500, 'tickets', MUSEUM_FEES)], [citypass]);
    expect([totals.feeFixed, totals.feePercent, totals.outstanding]).toEqual([0, 0, 0]);
  });

  it('a fixed fee marked on_free is still charged on a free ticket; a code naming a gift discounts it', () => {
    const fees = [{ name: 'fee_fixed_outside', fee: 150, on_free: true }];
    const free = cartTotals([ticket('adult', 0, 'tickets', fees)], []);
    expect(free.feeFixed).toBe(150);
    const named: TotalsCode = {
      ...everyTicket('gift10', 10_000),
      resource: 'ticket_type',
      resourceId: 'gift',
    };
    expect(cartTotals([ticket('gift', 1250, 'donation')], [named]).cartmodAmount).toBe(125);
  });
});
