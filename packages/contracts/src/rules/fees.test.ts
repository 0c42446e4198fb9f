import { describe, expect, it } from 'vitest';
import { lineTotals, percentFee, storedFeesOf, ticketFees } from './fees';

describe('percentFee: thousandths of a percent, half away from zero per ticket', () => {
  it.each([
    [1999, 8875, 177], // 177.41…
    [1000, 8875, 89], // 88.75 → 89
    [200, 2500, 5], // exactly 5
    [100, 500, 1], // 0.5 → 1
    [100, 499, 0], // 0.499 → 0
    [0, 8875, 0],
    [-1000, 8875, -89], // refunds round symmetrically
  ])('face %i at %i → %i', (face, thousandths, fee) => {
    expect(percentFee(face, thousandths)).toBe(fee);
  });
});

describe('ticketFees', () => {
  it('sums fixed and percent fees per ticket and ignores malformed stored fees', () => {
    const fees = [
      { name: 'fee_fixed_outside', fee: 150 },
      { name: 'fee_percent_outside', fee: 8875 },
      { name: 'fee_percent_outside', fee: 1.5 },
      { name: 'other', fee: 999 },
      'garbage',
    ];
    expect(ticketFees(1000, fees)).toEqual({ fixed: 150, percent: 89 });
    expect(ticketFees(1000, null)).toEqual({ fixed: 0, percent: 0 });
  });
});

describe('ticketFees on a free ticket and lineTotals (decision 0047)', () => {
  const fees = [
    { name: 'fee_fixed_outside', fee: 200 },
    { name: 'fee_fixed_outside', fee: 50, on_free: true },
    { name: 'fee_percent_outside', fee: 8875 },
  ];

  it('charges no tax and only the on_free fixed fees on a price of 0', () => {
    expect(ticketFees(0, fees)).toEqual({ fixed: 50, percent: 0 });
    expect(ticketFees(2500, fees)).toEqual({ fixed: 250, percent: 222 });
  });

  it('takes the discount first and computes the fees on what is left', () => {
    expect(lineTotals(2500, 250, fees)).toEqual({
      face: 2500,
      discount: 250,
      adjusted: 2250,
      serviceCharge: 250,
      tax: 200,
      total: 2700,
    });
    expect(lineTotals(2500, 2500, fees.slice(0, 1))).toMatchObject({ serviceCharge: 0, total: 0 });
  });
});

describe('storedFeesOf keeps a fixed fee charged on free tickets', () => {
  it('carries on_free from the wire, so a free line shows the fee the cart charges', () => {
    const stored = storedFeesOf([
      { name: 'fee_fixed_outside', fee: '1.50', on_free: true },
      { name: 'fee_percent_outside', fee: '8.875' },
    ]);
    expect(stored).toEqual([
      { name: 'fee_fixed_outside', fee: 150, on_free: true },
      { name: 'fee_percent_outside', fee: 8875 },
    ]);
    expect(ticketFees(0, stored)).toEqual({ fixed: 150, percent: 0 });
  });
});
