import { describe, expect, it } from 'vitest';
import {
  isFlexiblePrice,
  toFaceValue,
  validateFlexiblePrice,
} from '@/features/reserve/flows/one-ticket/flexible-price';

type Bounds = { currency_amount_min: string | null; currency_amount_max: string | null };
const donation: Bounds = { currency_amount_min: '5.00', currency_amount_max: '10000.00' };
const keyOf = (text: string, type = donation) => validateFlexiblePrice(text, type)?.key ?? null;

describe('flexible price (shopping §5)', () => {
  it('applies to types with a minimum or a maximum', () => {
    expect(isFlexiblePrice(donation)).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: '1.00', currency_amount_max: null })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: null, currency_amount_max: null })).toBe(false);
  });

  it('is required', () => {
    expect(keyOf('')).toBe('reserve.one_ticket.amount_required');
    expect(keyOf('   ')).toBe('reserve.one_ticket.amount_required');
  });

  it('takes a number with up to two decimals', () => {
    expect(keyOf('25')).toBeNull();
    expect(keyOf('25.5')).toBeNull();
    expect(keyOf('25.55')).toBeNull();
    expect(keyOf('25.555')).toBe('reserve.one_ticket.amount_format');
    expect(keyOf('abc')).toBe('reserve.one_ticket.amount_format');
    expect(keyOf('1e3')).toBe('reserve.one_ticket.amount_format');
  });

  it('must lie within min and max, both inclusive', () => {
    expect(keyOf('5.00')).toBeNull();
    expect(keyOf('10000')).toBeNull();
    expect(keyOf('4.99')).toBe('reserve.one_ticket.amount_out_of_range');
    expect(keyOf('10000.01')).toBe('reserve.one_ticket.amount_out_of_range');
  });

  // issue #25: "-5" read "up to two decimals", and the range message named no bounds
  it('says a negative amount is below the minimum, or must be positive without one, with its bounds', () => {
    expect(validateFlexiblePrice('-5', donation)).toEqual({
      key: 'reserve.one_ticket.amount_out_of_range',
      min: '5.00',
      max: '10000.00',
    });
    const maxOnly = { currency_amount_min: null, currency_amount_max: '50.00' };
    expect(keyOf('-5', maxOnly)).toBe('reserve.one_ticket.amount_not_positive');
    expect(validateFlexiblePrice('51', maxOnly)).toEqual({
      key: 'reserve.one_ticket.amount_out_of_range_max',
      max: '50.00',
    });
  });

  it('checks only the bound that exists', () => {
    const minOnly = { currency_amount_min: '10.00', currency_amount_max: null };
    expect(keyOf('999999', minOnly)).toBeNull();
    expect(validateFlexiblePrice('9.99', minOnly)).toEqual({
      key: 'reserve.one_ticket.amount_out_of_range_min',
      min: '10.00',
    });
  });

  it('sends the amount as wire money', () => {
    expect(toFaceValue('25')).toBe('25.00');
    expect(toFaceValue('25.5')).toBe('25.50');
    expect(toFaceValue(' 7.05 ')).toBe('7.05');
  });
});
