import { describe, expect, it } from 'vitest';
import { paymentLabel } from './receipt-payments';

describe('paymentLabel: what a receipt shows of a payment (issue #22)', () => {
  it('names a card by its brand and last four digits, any brand Stripe reports', () => {
    const card = (brand: string) =>
      paymentLabel({ gatewayId: 'stripe', gatewayData: { card_brand: brand, card_last4: '1117' } });
    expect(card('visa')).toBe('Visa •••• 1117');
    expect(card('discover')).toBe('Discover •••• 1117');
    expect(card('jcb')).toBe('JCB •••• 1117');
    expect(card('something_new')).toBe('Card •••• 1117');
  });

  it('masks a gift card and says "Card" when the gateway recorded nothing', () => {
    expect(paymentLabel({ gatewayId: 'ledger', gatewayData: { ledger_number: '…2000' } })).toBe(
      'Gift card •••• 2000',
    );
    expect(paymentLabel({ gatewayId: 'stripe', gatewayData: null })).toBe('Card');
  });
});
