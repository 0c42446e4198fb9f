import { describe, expect, it } from 'vitest';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import { AppError } from '@/http/app-error';
import { checkPayableAmount, entryAmountMinor } from './amount-limits';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.message : 'not an AppError';
  }
  return null;
};

describe('card amount limits (identity §5, §9)', () => {
  it('accepts 0.50 to 999999.99, and 0.30 for GBP', () => {
    expect(isCardAmountSupported(50, 'USD')).toBe(true);
    expect(isCardAmountSupported(49, 'USD')).toBe(false);
    expect(isCardAmountSupported(99_999_999, 'USD')).toBe(true);
    expect(isCardAmountSupported(100_000_000, 'USD')).toBe(false);
    expect(isCardAmountSupported(30, 'GBP')).toBe(true);
    expect(isCardAmountSupported(29, 'gbp')).toBe(false);
    expect(isCardAmountSupported(30, 'EUR')).toBe(false);
  });

  it('refuses a card amount outside the limits with the spec text', () => {
    expect(refusal(() => checkPayableAmount('stripe', 49, 49, 'USD'))).toBe(
      'Payment is not supported for this amount',
    );
    expect(refusal(() => checkPayableAmount('stripe', 50, 50, 'USD'))).toBeNull();
    expect(refusal(() => checkPayableAmount('stripe', 30, 30, 'GBP'))).toBeNull();
  });

  it('never takes more than is outstanding, nor nothing', () => {
    expect(refusal(() => checkPayableAmount('stripe', 1001, 1000, 'USD'))).not.toBeNull();
    expect(refusal(() => checkPayableAmount('ledger', 0, 1000, 'USD'))).not.toBeNull();
    expect(refusal(() => checkPayableAmount('ledger', 1, 1000, 'USD'))).toBeNull();
  });

  it('allows free only when nothing is outstanding', () => {
    expect(refusal(() => checkPayableAmount('free', 0, 0, 'USD'))).toBeNull();
    expect(refusal(() => checkPayableAmount('free', 0, 100, 'USD'))).not.toBeNull();
  });

  it('reads amounts with exactly two decimals', () => {
    expect(entryAmountMinor('12.34')).toBe(1234);
    expect(entryAmountMinor('0.05')).toBe(5);
    for (const bad of ['12.3', '12', '-1.00', '1.234', '1e3'])
      expect(
        refusal(() => entryAmountMinor(bad)),
        bad,
      ).not.toBeNull();
  });
});
