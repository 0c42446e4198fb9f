import { describe, expect, it } from 'vitest';
import { percentFee, ticketFees } from './fees';

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
