import { describe, expect, it } from 'vitest';
import { cartFeesOf, cartTotals } from './totals';

describe('cart totals', () => {
  it('sums fixed and percent fees per ticket into cart_fees, ignoring malformed stored fees', () => {
    const fees = [
      { name: 'fee_fixed_outside', fee: 150 },
      { name: 'fee_percent_outside', fee: 8875 },
      { name: 'fee_percent_outside', fee: 1.5 },
      { name: 'other', fee: 999 },
      'garbage',
    ];
    const ids = {
      ticketTypeId: 'tt',
      ticketGroupId: 'tg',
      eventTemplateId: 'ev',
      handler: 'tickets',
    };
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
