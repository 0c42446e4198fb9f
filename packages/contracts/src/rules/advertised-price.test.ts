import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_IN_PRICES,
  advertisedPrice,
  includedFees,
  lowestAdvertisedPrice,
  type PriceOffer,
} from './advertised-price';
import { storedFeesOf, ticketFees } from './fees';

// the demo museum's General Admission fees: $2.00 service charge and 8.875 % tax per ticket
const museumFees = [
  { name: 'fee_fixed_outside', fee: 200 },
  { name: 'fee_percent_outside', fee: 8875 },
];

describe('advertisedPrice', () => {
  it('off shows the face value', () => {
    expect(advertisedPrice(2500, museumFees, 'off')).toBe(2500);
  });

  it('fees adds the fixed fees, not the percent ones (tax is added at checkout)', () => {
    expect(advertisedPrice(2500, museumFees, 'fees')).toBe(2700);
  });

  it('fees_and_tax adds every outside fee, rounded per ticket like the cart', () => {
    // 8.875 % of 25.00 = 2.21875 → 2.22; of 12.00 = 1.065 → 1.07 (half away from zero)
    expect(advertisedPrice(2500, museumFees, 'fees_and_tax')).toBe(2500 + 200 + 222);
    expect(advertisedPrice(1200, museumFees, 'fees_and_tax')).toBe(1200 + 200 + 107);
  });

  it('is the face value plus ticketFees for any face value (one fee rule)', () => {
    for (const face of [0, 1, 99, 1999, 2900, 12_345]) {
      const { fixed, percent } = ticketFees(face, museumFees);
      expect(advertisedPrice(face, museumFees, 'fees')).toBe(face + fixed);
      expect(advertisedPrice(face, museumFees, 'fees_and_tax')).toBe(face + fixed + percent);
    }
  });

  it('sums to the checkout total of the issue: $62.00 of tickets is $73.51 all in', () => {
    const faces = [2500, 2500, 1200]; // two adults and a child
    const allIn = faces.reduce((sum, f) => sum + advertisedPrice(f, museumFees, 'fees_and_tax'), 0);
    expect(allIn).toBe(7351);
  });

  it('a type without fees shows its face value in every mode', () => {
    expect(advertisedPrice(1500, [], 'fees_and_tax')).toBe(1500);
  });
});

describe('includedFees: the part of precomputed fees a shown price includes', () => {
  it.each([
    ['off', 0],
    ['fees', 200],
    ['fees_and_tax', 422],
  ] as const)('%s → %i', (allIn, included) => {
    expect(includedFees({ fixed: 200, percent: 222 }, allIn)).toBe(included);
  });
});

describe('storedFeesOf: the wire fees back to the stored form', () => {
  it('reads money and decimal percentages exactly', () => {
    expect(
      storedFeesOf([
        { name: 'fee_fixed_outside', fee: '1.50' },
        { name: 'fee_percent_outside', fee: '8.875' },
        { name: 'fee_percent_outside', fee: '20' },
        { name: 'fee_percent_outside', fee: 'abc' },
        { name: 'other', fee: '1.00' },
      ]),
    ).toEqual([
      { name: 'fee_fixed_outside', fee: 150 },
      { name: 'fee_percent_outside', fee: 8875 },
      { name: 'fee_percent_outside', fee: 20_000 },
    ]);
  });
});

describe('lowestAdvertisedPrice: the minimum over types of the all-in price (issue 22)', () => {
  // a 20 % tax on the cheaper type, a 0.50 service charge on the dearer one
  const taxed: PriceOffer = {
    faceMinor: 1000,
    outsideFees: [{ name: 'fee_percent_outside', fee: 20_000 }],
  };
  const charged: PriceOffer = {
    faceMinor: 1050,
    outsideFees: [{ name: 'fee_fixed_outside', fee: 50 }],
  };

  it('is not the all-in price of the cheapest face value when fee rules differ', () => {
    // cheapest face: 10.00, all in with tax 12.00; the dearer type is 11.00 all in
    expect(advertisedPrice(taxed.faceMinor, taxed.outsideFees, 'fees_and_tax')).toBe(1200);
    expect(lowestAdvertisedPrice([taxed, charged], 'fees_and_tax')).toBe(1100);
    // prices with fees but not tax: the taxed type is the cheaper one again
    expect(lowestAdvertisedPrice([taxed, charged], 'fees')).toBe(1000);
    expect(lowestAdvertisedPrice([taxed, charged], 'off')).toBe(1000);
  });

  it('is null without offers', () => {
    expect(lowestAdvertisedPrice([], 'fees')).toBeNull();
  });

  const feeArb = fc.oneof(
    fc.record({
      name: fc.constant('fee_fixed_outside'),
      fee: fc.integer({ min: 0, max: 1000 }),
      on_free: fc.boolean(),
    }),
    fc.record({
      name: fc.constant('fee_percent_outside'),
      fee: fc.integer({ min: 0, max: 30_000 }),
    }),
  );
  const offerArb = fc.record({
    faceMinor: fc.integer({ min: 0, max: 50_000 }),
    outsideFees: fc.array(feeArb, { maxLength: 3 }),
  });

  it('is one of the offers’ shown prices and no higher than any (property)', () => {
    fc.assert(
      fc.property(
        fc.array(offerArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...ALL_IN_PRICES),
        (offers, allIn) => {
          const shown = offers.map((o) => advertisedPrice(o.faceMinor, o.outsideFees, allIn));
          const lowest = lowestAdvertisedPrice(offers, allIn)!;
          expect(shown).toContain(lowest);
          for (const price of shown) expect(lowest).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});
