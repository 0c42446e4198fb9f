import { describe, expect, it } from 'vitest';
import { maskedNumber, receiptItems, receiptLine, sumReceiptLines } from './receipt-lines';
import { storedFeesOf } from './fees';

const fees = [
  { name: 'fee_fixed_outside', fee: 150 },
  { name: 'fee_percent_outside', fee: 8875 },
];
/** a cart's ticket: no fees frozen on it, priced from its type's `outsideFees` */
const live = { feeFixedOutside: null, feePercentOutside: null };

describe('receiptLine: face, discount, service charge, tax and total of one ticket', () => {
  it('takes tax on the price after discount and adds the service charge', () => {
    const line = receiptLine({
      faceValue: 2000,
      adjustedValue: 1500,
      outsideFees: fees,
      handler: 'tickets',
      ...live,
    });
    // 8.875 % of 15.00 = 1.33125 → 1.33
    expect(line).toEqual({
      face: 2000,
      discount: 500,
      serviceCharge: 150,
      tax: 133,
      total: 1783,
      admits: true,
    });
    expect(line.face - line.discount + line.serviceCharge + line.tax).toBe(line.total);
  });

  // decision 0047 "Update (frozen fees)": an order's ticket is what it was charged
  it('reads the fees frozen on an ordered ticket, not the fees its type has today', () => {
    const raised = [
      { name: 'fee_fixed_outside', fee: 300 },
      { name: 'fee_percent_outside', fee: 20000 },
    ];
    const ordered = {
      faceValue: 2000,
      adjustedValue: 1500,
      outsideFees: raised,
      handler: 'tickets',
      feeFixedOutside: 150,
      feePercentOutside: 133,
    };
    expect(receiptLine(ordered)).toEqual({
      face: 2000,
      discount: 500,
      serviceCharge: 150,
      tax: 133,
      total: 1783,
      admits: true,
    });
    // the control: the same ticket before checkout is priced by its type's fees now
    expect(receiptLine({ ...ordered, ...live })).toMatchObject({
      serviceCharge: 300,
      tax: 300,
      total: 2100,
    });
  });

  it('reads a donation or a gift card as a purchase, not an admission', () => {
    expect(
      receiptLine({
        ...live,
        faceValue: 1250,
        adjustedValue: 1250,
        outsideFees: null,
        handler: 'donation',
      }),
    ).toEqual({
      face: 1250,
      discount: 0,
      serviceCharge: 0,
      tax: 0,
      total: 1250,
      admits: false,
    });
    expect(
      receiptLine({
        ...live,
        faceValue: 5000,
        adjustedValue: 5000,
        outsideFees: [],
        handler: 'ledger',
      }).admits,
    ).toBe(false);
  });

  it('sums lines figure by figure', () => {
    const a = receiptLine({
      faceValue: 2000,
      adjustedValue: 1500,
      outsideFees: fees,
      handler: 'tickets',
      ...live,
    });
    const b = receiptLine({
      faceValue: 1000,
      adjustedValue: 1000,
      outsideFees: fees,
      handler: 'tickets',
      ...live,
    });
    expect(sumReceiptLines([a, b])).toEqual({
      face: 3000,
      discount: 500,
      serviceCharge: 300,
      tax: 222,
      total: 3022,
    });
  });
});

describe('receiptItems: what a receipt lists', () => {
  const base = {
    ...live,
    outsideFees: [],
    ticketTypeId: 't',
    typeName: 'Adult',
    handler: 'tickets',
  };
  it('reads a Dual membership as one membership, a donation and a gift card each on their own', () => {
    const items = receiptItems(
      [
        { ...base, faceValue: 2000, adjustedValue: 2000 },
        { ...base, faceValue: 2000, adjustedValue: 2000 },
        {
          ...base,
          ticketTypeId: 'd',
          typeName: 'Dual',
          handler: 'membership',
          faceValue: 12000,
          adjustedValue: 12000,
        },
        {
          ...base,
          ticketTypeId: 'd',
          typeName: 'Dual',
          handler: 'membership',
          faceValue: 0,
          adjustedValue: 0,
        },
        {
          ...base,
          ticketTypeId: 'g',
          typeName: 'Give',
          handler: 'donation',
          faceValue: 1250,
          adjustedValue: 1250,
        },
        {
          ...base,
          ticketTypeId: 'c',
          typeName: 'Card',
          handler: 'ledger',
          faceValue: 5000,
          adjustedValue: 5000,
        },
      ],
      () => 'visit',
    );
    expect(items.map((i) => [i.kind, i.name, i.figures.total])).toEqual([
      ['admission', '2 × Adult', 4000],
      ['membership', 'Dual membership (2 members)', 12000],
      ['donation', 'Donation', 1250],
      ['gift_card', 'Gift card', 5000],
    ]);
  });

  it('masks a number to its last four digits', () => {
    expect(maskedNumber('1234-5678-9012-2000')).toBe('•••• 2000');
  });
});

describe('storedFeesOf: wire fees back to stored units', () => {
  it('reads a fixed fee in minor units and a percent fee in thousandths of a percent', () => {
    expect(
      storedFeesOf([
        { name: 'fee_fixed_outside', fee: '1.50' },
        { name: 'fee_percent_outside', fee: '8.875' },
        { name: 'fee_percent_outside', fee: '10' },
      ]),
    ).toEqual([
      { name: 'fee_fixed_outside', fee: 150 },
      { name: 'fee_percent_outside', fee: 8875 },
      { name: 'fee_percent_outside', fee: 10000 },
    ]);
  });
});
