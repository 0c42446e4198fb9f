import { describe, expect, it } from 'vitest';
import type { LedgerCard } from '@admit/contracts/codes';
import { giftCardAmount } from '@/features/codes/model/gift-card';

const card = (balance: string): LedgerCard => ({
  number: '6000111122223333',
  balance,
  currency_code: 'USD',
  state: 'active',
});

// spec: shopping §8 gift card, identity §9 two decimals; decision 0021 (balance: chosen amount)
describe('giftCardAmount', () => {
  it('pays the card balance, at most what is outstanding', () => {
    expect(giftCardAmount(card('20.00'), '50.00')).toBe('20.00');
    expect(giftCardAmount(card('80.00'), '50.00')).toBe('50.00');
  });

  it('pays at most the limit (the amount chosen on a balance), never more than outstanding', () => {
    expect(giftCardAmount(card('80.00'), '60.00', '30.00')).toBe('30.00');
    expect(giftCardAmount(card('15.00'), '60.00', '20.00')).toBe('15.00');
    expect(giftCardAmount(card('80.00'), '25.50', '40.00')).toBe('25.50');
  });
});
