import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureId, makeTicketGroup } from '@/testing/api-fixtures';
import type { TicketGroup } from '@admit/contracts/resources';
import {
  allowanceOf,
  firstCapRefusal,
  WILDCARD_POOL,
} from '@admit/contracts/rules/member-benefits';
import type { StepperContext } from '@/features/reserve/model/stepper-rules';
import {
  applyStep,
  canDecrement,
  canIncrement,
  decrement,
  groupCapacityLeft,
  increment,
  maxForType,
  minimumQuantity,
  setQuantity,
} from '@/features/reserve/model/stepper-rules';

const ADULT = fixtureId(201);
const CHILD = fixtureId(202);
const PASS = fixtureId(301);

function context(
  group: Partial<TicketGroup> = {},
  options: Partial<StepperContext> & { types?: string[] } = {},
): StepperContext {
  const { types = [ADULT, CHILD], ...rest } = options;
  return {
    groups: [{ ticketGroup: makeTicketGroup(group), ticketTypes: types.map((id) => ({ id })) }],
    sessionAvailableCapacity: null,
    quantities: {},
    ...rest,
  };
}

describe('stepper rules (shopping §5)', () => {
  it('first increment jumps to the group minimum when the group has one type', () => {
    const ctx = context({ min_tickets_per_order: 4 }, { types: [ADULT] });
    expect(minimumQuantity(ctx, ADULT)).toBe(4);
    expect(increment(ctx, ADULT)).toBe(4);
    expect(increment({ ...ctx, quantities: { [ADULT]: 4 } }, ADULT)).toBe(5);
  });

  it('first increment goes to 1 when the group has several types, whatever its minimum', () => {
    const ctx = context({ min_tickets_per_order: 4 });
    expect(minimumQuantity(ctx, ADULT)).toBe(1);
    expect(increment(ctx, ADULT)).toBe(1);
  });

  it('decrement from the minimum goes to 0, above it one step down', () => {
    const ctx = context({ min_tickets_per_order: 4 }, { types: [ADULT] });
    expect(decrement({ ...ctx, quantities: { [ADULT]: 4 } }, ADULT)).toBe(0);
    expect(decrement({ ...ctx, quantities: { [ADULT]: 6 } }, ADULT)).toBe(5);
    expect(decrement(context({}, { quantities: { [ADULT]: 1 } }), ADULT)).toBe(0);
    expect(canDecrement(context(), ADULT)).toBe(false);
  });

  it('increment is 0 (no change) when no capacity remains', () => {
    const ctx = context(
      {},
      { sessionAvailableCapacity: 2, quantities: { [ADULT]: 1, [CHILD]: 1 } },
    );
    expect(increment(ctx, ADULT)).toBe(1);
    expect(canIncrement(ctx, ADULT)).toBe(false);
  });

  it('does not jump to a minimum that no longer fits', () => {
    const ctx = context(
      { min_tickets_per_order: 4 },
      { types: [ADULT], sessionAvailableCapacity: 3 },
    );
    expect(increment(ctx, ADULT)).toBe(0);
  });

  it('exactly-one mode blocks decrease and caps at one', () => {
    const ctx = context({}, { exactlyOne: true, quantities: { [ADULT]: 1 } });
    expect(decrement(ctx, ADULT)).toBe(1);
    expect(canDecrement(ctx, ADULT)).toBe(false);
    expect(maxForType(ctx, ADULT)).toBe(1);
    expect(increment(ctx, ADULT)).toBe(1);
  });

  it('default cap is 1000 per type', () => {
    expect(maxForType(context(), ADULT)).toBe(1000);
    expect(setQuantity(context(), ADULT, 5000)).toBe(1000);
  });

  it('max_tickets_per_order bounds the whole group; a negative limit means no limit', () => {
    const ctx = context({ max_tickets_per_order: 6 }, { quantities: { [CHILD]: 4 } });
    expect(maxForType(ctx, ADULT)).toBe(2);
    expect(increment({ ...ctx, quantities: { [CHILD]: 4, [ADULT]: 2 } }, ADULT)).toBe(2);
    expect(maxForType(context({ max_tickets_per_order: -1 }), ADULT)).toBe(1000);
  });

  it('group capacity plus oversell minus used bounds the group; -1 is unlimited', () => {
    const group = { capacity: 10, oversell_capacity: 2, used_capacity: 9 };
    expect(groupCapacityLeft(makeTicketGroup(group))).toBe(3);
    expect(maxForType(context(group, { quantities: { [CHILD]: 1 } }), ADULT)).toBe(2);
    expect(groupCapacityLeft(makeTicketGroup({ capacity: -1 }))).toBeNull();
  });

  it('session availableCapacity bounds every group that counts against the session', () => {
    const ctx: StepperContext = {
      groups: [
        { ticketGroup: makeTicketGroup({ id: fixtureId(100) }), ticketTypes: [{ id: ADULT }] },
        { ticketGroup: makeTicketGroup({ id: fixtureId(101) }), ticketTypes: [{ id: CHILD }] },
        {
          ticketGroup: makeTicketGroup({ id: fixtureId(102), exclude_from_event_capacity: true }),
          ticketTypes: [{ id: PASS }],
        },
      ],
      sessionAvailableCapacity: 5,
      quantities: { [CHILD]: 3, [PASS]: 40 },
    };
    expect(maxForType(ctx, ADULT)).toBe(2);
    // a group excluded from event capacity ignores the session's capacity
    expect(maxForType(ctx, PASS)).toBe(1000);
    expect(maxForType({ ...ctx, sessionAvailableCapacity: -1 }, ADULT)).toBe(1000);
  });

  it('clamps typed quantities between 0 and what remains, honouring the minimum', () => {
    const ctx = context(
      { min_tickets_per_order: 3 },
      { types: [ADULT], sessionAvailableCapacity: 8 },
    );
    expect(setQuantity(ctx, ADULT, -2)).toBe(0);
    expect(setQuantity(ctx, ADULT, 20)).toBe(8);
    expect(setQuantity(ctx, ADULT, 1)).toBe(3);
    expect(setQuantity(context({}, { sessionAvailableCapacity: 0 }), ADULT, 2)).toBe(0);
  });

  it('applyStep follows the step rules for ±1 and clamps anything else', () => {
    const ctx = context({ min_tickets_per_order: 2 }, { types: [ADULT] });
    expect(applyStep(ctx, ADULT, 1)).toBe(2);
    expect(applyStep({ ...ctx, quantities: { [ADULT]: 2 } }, ADULT, 1)).toBe(0);
    expect(applyStep(ctx, ADULT, 7)).toBe(7);
  });

  it('a type outside the groups cannot be chosen', () => {
    expect(maxForType(context(), fixtureId(999))).toBe(0);
  });
});

describe('member benefit cap (shopping §5, decision 0015)', () => {
  const allowance = allowanceOf([{ [ADULT]: 2, '*': 1 }]);
  const memberCap = (existing: [string, number][] = []) => ({
    allowance,
    memberTypeIds: new Set([ADULT, CHILD]),
    existing: new Map(existing),
  });

  it('counts the member tickets of the session already in the cart', () => {
    expect(maxForType(context({}, { memberCap: memberCap() }), ADULT)).toBe(3);
    expect(maxForType(context({}, { memberCap: memberCap([[ADULT, 2]]) }), ADULT)).toBe(1);
    expect(maxForType(context({}, { memberCap: memberCap([[CHILD, 1]]) }), ADULT)).toBe(2);
  });

  it('lets the other steppers draw the pool first', () => {
    const ctx = context({}, { memberCap: memberCap(), quantities: { [CHILD]: 1 } });
    expect(maxForType(ctx, ADULT)).toBe(2);
    expect(maxForType(ctx, CHILD)).toBe(1);
  });

  it('caps no type outside the member groups', () => {
    const cap = { ...memberCap(), memberTypeIds: new Set([CHILD]) };
    expect(maxForType(context({}, { memberCap: cap }), ADULT)).toBe(1000);
  });
});

// Issue #14: "the storefront cap rule and the server cap rule agree on random benefit sets and
// carts". The steppers (maxForType through the member cap, clicked one step at a time) against
// the reserve's check on the server (firstCapRefusal, what cart/member-benefits.ts asks): what
// the steppers let a member choose is accepted, and each + they disable would be refused.
describe('property: the member steppers and the server’s reserve check agree', () => {
  const TYPES = [fixtureId(401), fixtureId(402), fixtureId(403)];
  const benefitsArb = fc.dictionary(
    fc.constantFrom(...TYPES, WILDCARD_POOL),
    fc.integer({ min: -1, max: 3 }),
  );
  const countsArb = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...TYPES), fc.integer({ min: 1, max: 4 })), {
      selector: ([type]) => type,
      maxLength: 3,
    })
    .map((entries) => new Map(entries));
  const clicksArb = fc.array(fc.tuple(fc.constantFrom(...TYPES), fc.constantFrom(1, 1, 1, -1)), {
    maxLength: 25,
  });

  it('every choice the steppers allow passes, every + they refuse would not', () => {
    fc.assert(
      fc.property(
        fc.array(benefitsArb, { minLength: 1, maxLength: 3 }),
        countsArb,
        clicksArb,
        (benefits, inCart, clicks) => {
          const allowance = allowanceOf(benefits);
          fc.pre(!allowance.unlimited);
          let quantities: Record<string, number> = {};
          const ctx = (): StepperContext =>
            context(
              {},
              {
                types: TYPES,
                quantities,
                memberCap: { allowance, memberTypeIds: new Set(TYPES), existing: inCart },
              },
            );
          const asked = () => new Map(Object.entries(quantities).filter(([, n]) => n > 0));
          for (const [type, step] of clicks) {
            const current = quantities[type] ?? 0;
            quantities = { ...quantities, [type]: applyStep(ctx(), type, current + step) };
            // the server accepts whatever the steppers hold
            expect(firstCapRefusal(allowance, inCart, asked())).toBeNull();
          }
          for (const type of TYPES) {
            const oneMore = new Map(asked()).set(type, (quantities[type] ?? 0) + 1);
            const refused = firstCapRefusal(allowance, inCart, oneMore) !== null;
            expect(canIncrement(ctx(), type)).toBe(!refused);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
