import { describe, expect, it } from 'vitest';
import {
  isFlexiblePrice,
  toFaceValue,
  validateFlexiblePrice,
} from '@/features/reserve/flows/one-ticket/flexible-price';

const donation = { currency_amount_min: '5.00', currency_amount_max: '10000.00' };

describe('flexible price (shopping §5)', () => {
  it('applies to types with a minimum or a maximum', () => {
    expect(isFlexiblePrice(donation)).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: '1.00', currency_amount_max: null })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: null, currency_amount_max: null })).toBe(false);
  });

  it('is required', () => {
    expect(validateFlexiblePrice('', donation)).toBe('reserve.one_ticket.amount_required');
    expect(validateFlexiblePrice('   ', donation)).toBe('reserve.one_ticket.amount_required');
  });

  it('takes a number with up to two decimals', () => {
    expect(validateFlexiblePrice('25', donation)).toBeNull();
    expect(validateFlexiblePrice('25.5', donation)).toBeNull();
    expect(validateFlexiblePrice('25.55', donation)).toBeNull();
    expect(validateFlexiblePrice('25.555', donation)).toBe('reserve.one_ticket.amount_format');
    expect(validateFlexiblePrice('abc', donation)).toBe('reserve.one_ticket.amount_format');
    expect(validateFlexiblePrice('-5', donation)).toBe('reserve.one_ticket.amount_format');
    expect(validateFlexiblePrice('1e3', donation)).toBe('reserve.one_ticket.amount_format');
  });

  it('must lie within min and max, both inclusive', () => {
    expect(validateFlexiblePrice('5.00', donation)).toBeNull();
    expect(validateFlexiblePrice('10000', donation)).toBeNull();
    expect(validateFlexiblePrice('4.99', donation)).toBe('reserve.one_ticket.amount_out_of_range');
    expect(validateFlexiblePrice('10000.01', donation)).toBe(
      'reserve.one_ticket.amount_out_of_range',
    );
  });

  it('checks only the bound that exists', () => {
    const minOnly = { currency_amount_min: '10.00', currency_amount_max: null };
    expect(validateFlexiblePrice('999999', minOnly)).toBeNull();
    expect(validateFlexiblePrice('9.99', minOnly)).toBe('reserve.one_ticket.amount_out_of_range');
  });

  it('sends the amount as wire money', () => {
    expect(toFaceValue('25')).toBe('25.00');
    expect(toFaceValue('25.5')).toBe('25.50');
    expect(toFaceValue(' 7.05 ')).toBe('7.05');
  });
});
