import { describe, expect, it } from 'vitest';
import { percentFee, ticketFees } from './fees';
import { cartFeesOf, cartTotals } from './totals';

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

describe('cart totals', () => {
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
    const ids = { ticketTypeId: 'tt', ticketGroupId: 'tg', eventTemplateId: 'ev' };
    const totals = cartFeesOf(
      'c',
      'GBP',
      cartTotals(
        [
          { id: 'a', faceValue: 1000, outsideFees: fees, ...ids },
          { id: 'b', faceValue: 1000, outsideFees: fees, ...ids },
          { id: 'c', faceValue: 550, outsideFees: [], ...ids },
        ],
        [],
      ),
    );
    expect(totals).toMatchObject({
      currency_code: 'GBP',
      total_before_cartmod_price: '25.50',
      total_fee_fixed_outside: '3.00',
      total_fee_percent_outside: '1.78',
      total_outstanding: '30.28',
      grand_totals: { total_outstanding: '30.28' },
    });
  });
});
