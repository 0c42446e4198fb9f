import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowanceOf,
  firstCapRefusal,
  remainingFor,
  WILDCARD_POOL,
  type MemberAllowance,
} from './member-benefits';

const A = 'adult';
const C = 'child';

describe('allowanceOf', () => {
  it('sums the benefits of every active membership and the pools', () => {
    const allowance = allowanceOf([
      { [A]: 2, [WILDCARD_POOL]: 1 },
      { [A]: 1, [C]: 2 },
    ]);
    expect(allowance.unlimited).toBe(false);
    expect([...allowance.perType]).toEqual([
      [A, 3],
      [C, 2],
    ]);
    expect(allowance.pool).toBe(1);
  });

  it('caps nothing when every membership has empty benefits (decision 0015)', () => {
    expect(allowanceOf([{}, {}]).unlimited).toBe(true);
    expect(allowanceOf([]).unlimited).toBe(true);
  });

  it('counts negative, fractional and non-numeric values as whole non-negative numbers', () => {
    const allowance = allowanceOf([{ [A]: -3, [C]: 2.7, x: 'many', [WILDCARD_POOL]: null }]);
    expect(allowance.unlimited).toBe(false);
    expect(allowance.perType.get(A)).toBe(0);
    expect(allowance.perType.get(C)).toBe(2);
    expect(allowance.perType.get('x')).toBe(0);
    expect(allowance.pool).toBe(0);
  });
});

describe('the cap (shopping §5)', () => {
  const allowance = allowanceOf([{ [A]: 2, [C]: 1, [WILDCARD_POOL]: 2 }]);

  it('lets each type use its own benefit, then the shared pool', () => {
    expect(remainingFor(allowance, new Map(), A)).toBe(4);
    expect(remainingFor(allowance, new Map([[C, 2]]), A)).toBe(3);
    expect(firstCapRefusal(allowance, new Map(), new Map([[A, 4]]))).toBeNull();
    expect(
      firstCapRefusal(
        allowance,
        new Map(),
        new Map([
          [A, 3],
          [C, 3],
        ]),
      ),
    ).toEqual({ ticketTypeId: C, remaining: 2, requested: 3 });
  });

  it('draws a type without an entry from the pool alone', () => {
    expect(remainingFor(allowance, new Map(), 'guest')).toBe(2);
    expect(remainingFor(allowanceOf([{ [A]: 1 }]), new Map(), 'guest')).toBe(0);
  });

  it('answers Infinity and never refuses when nothing is capped', () => {
    const unlimited = allowanceOf([{}]);
    expect(remainingFor(unlimited, new Map([[A, 50]]), A)).toBe(Number.POSITIVE_INFINITY);
    expect(firstCapRefusal(unlimited, new Map(), new Map([[A, 999]]))).toBeNull();
  });
});

// random benefit sets and carts: the storefront's stepper cap (remainingFor, type by type) and
// the server's check (firstCapRefusal) agree
describe('property: stepper cap and reserve check agree', () => {
  const types = ['a', 'b', 'c', 'd'];
  const benefitsArb = fc.dictionary(
    fc.constantFrom(...types, WILDCARD_POOL),
    fc.integer({ min: -1, max: 4 }),
  );
  const countsArb = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...types), fc.integer({ min: 1, max: 6 })), {
      selector: ([t]) => t,
      maxLength: 4,
    })
    .map((entries) => new Map(entries));

  it('a request passes exactly when each type asks no more than its stepper cap', () => {
    fc.assert(
      fc.property(
        fc.array(benefitsArb, { maxLength: 3 }),
        countsArb,
        countsArb,
        (list, existing, requested) => {
          const allowance: MemberAllowance = allowanceOf(list);
          const taken = new Map(existing);
          let expected: string | null = null;
          for (const [typeId, n] of requested) {
            if (n > remainingFor(allowance, taken, typeId)) {
              expected = typeId;
              break;
            }
            taken.set(typeId, (taken.get(typeId) ?? 0) + n);
          }
          expect(firstCapRefusal(allowance, existing, requested)?.ticketTypeId ?? null).toBe(
            expected,
          );
        },
      ),
    );
  });

  it('the stepper cap is exact: k tickets of one type pass, k + 1 do not', () => {
    fc.assert(
      fc.property(
        fc.array(benefitsArb, { minLength: 1, maxLength: 3 }),
        countsArb,
        fc.constantFrom(...types),
        (list, existing, typeId) => {
          const allowance = allowanceOf(list);
          fc.pre(!allowance.unlimited);
          const k = remainingFor(allowance, existing, typeId);
          if (k > 0)
            expect(firstCapRefusal(allowance, existing, new Map([[typeId, k]]))).toBeNull();
          expect(firstCapRefusal(allowance, existing, new Map([[typeId, k + 1]]))).toMatchObject({
            ticketTypeId: typeId,
            remaining: k,
          });
        },
      ),
    );
  });
});
