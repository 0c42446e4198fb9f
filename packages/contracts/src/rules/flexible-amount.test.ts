import { describe, expect, it } from 'vitest';
import { flexibleAmountProblem } from './flexible-amount';

const both = { currency_amount_min: '5.00', currency_amount_max: '500.00' };
const maxOnly = { currency_amount_min: null, currency_amount_max: '500.00' };

describe('a flexible amount (shopping §5)', () => {
  it('accepts an amount with up to two decimals within the bounds', () => {
    expect(flexibleAmountProblem('25', both)).toBeNull();
    expect(flexibleAmountProblem(' 25.5 ', both)).toBeNull();
    expect(flexibleAmountProblem('500.00', both)).toBeNull();
  });

  it('names the problem: empty, format, and the bounds when outside them', () => {
    expect(flexibleAmountProblem('  ', both)).toEqual({ kind: 'empty' });
    expect(flexibleAmountProblem('2.555', both)).toEqual({ kind: 'format' });
    expect(flexibleAmountProblem('abc', both)).toEqual({ kind: 'format' });
    expect(flexibleAmountProblem('4.99', both)).toEqual({
      kind: 'out_of_range',
      min: '5.00',
      max: '500.00',
    });
    expect(flexibleAmountProblem('501', maxOnly)).toEqual({
      kind: 'out_of_range',
      min: null,
      max: '500.00',
    });
  });

  it('a negative amount is below the minimum, or, like zero, not positive where there is none', () => {
    expect(flexibleAmountProblem('-5', both)).toEqual({
      kind: 'out_of_range',
      min: '5.00',
      max: '500.00',
    });
    expect(flexibleAmountProblem('-5', maxOnly)).toEqual({ kind: 'not_positive' });
    expect(flexibleAmountProblem('-0.50', maxOnly)).toEqual({ kind: 'not_positive' });
    expect(flexibleAmountProblem('0', maxOnly)).toEqual({ kind: 'not_positive' });
  });
});
