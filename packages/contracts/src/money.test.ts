import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorToDecimal } from './money';
import { moneySchema } from './money-schema';

describe('money conversions', () => {
  it('formats minor units as a two-place decimal string', () => {
    expect(minorToDecimal(2500)).toBe('25.00');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(-150)).toBe('-1.50');
    expect(minorToDecimal(99999999)).toBe('999999.99');
  });

  it('parses decimals with zero, one or two places', () => {
    expect(decimalToMinor('25')).toBe(2500);
    expect(decimalToMinor('25.5')).toBe(2550);
    expect(decimalToMinor('25.05')).toBe(2505);
    expect(decimalToMinor(' 0.30 ')).toBe(30);
    expect(decimalToMinor('-1.50')).toBe(-150);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '1.234', '1,50', 'abc', '1e3', '.5', '--1']) {
      expect(() => decimalToMinor(bad), bad).toThrow(RangeError);
    }
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
    expect(() => minorToDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every integer amount: decimalToMinor(minorToDecimal(n)) === n', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => {
          expect(decimalToMinor(minorToDecimal(n))).toBe(n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('always produces what the wire money schema accepts', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(moneySchema.safeParse(minorToDecimal(n)).success).toBe(true);
      }),
    );
  });
});

describe('formatMoney', () => {
  it("formats a wire decimal in the currency's symbol and the locale's digits", () => {
    expect(formatMoney('73.51', 'USD', 'en-US')).toBe('$73.51');
    expect(formatMoney('22.00', 'GBP', 'en-GB')).toBe('£22.00');
    // the same amount reads differently per locale: the formatter is cached per locale too
    expect(formatMoney('1234.50', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney('1234.50', 'EUR', 'en-IE')).toBe('€1,234.50');
  });
});
