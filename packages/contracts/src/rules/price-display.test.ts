import { describe, expect, it } from 'vitest';
import {
  discountedPrice,
  displayedPrices,
  findDisplayedType,
  isRangePrice,
  parsePriceDisplay,
  pricesShownOn,
  type PriceDisplaySetting,
} from './price-display';

const adult = { id: 'a1', name: 'Adult' };
const child = { id: 'c1', name: 'Child' };
const senior = { id: 's1', name: 'Senior' };
const prices: Record<string, string> = { a1: '25.00', c1: '12.00', s1: '18.00' };

describe('web.price_display (shopping §3 event config)', () => {
  it('reads the five settings and drops blank or malformed ones', () => {
    expect(
      parsePriceDisplay({
        primary_ticket_type: 'Adult',
        primary_prefix: 'Adults',
        secondary_ticket_type: ' ',
        secondary_prefix: 7,
        message: 'Members go free',
      }),
    ).toEqual({
      primary_ticket_type: 'Adult',
      primary_prefix: 'Adults',
      secondary_ticket_type: null,
      secondary_prefix: null,
      message: 'Members go free',
    });
    expect(parsePriceDisplay(undefined)).toEqual({});
    expect(parsePriceDisplay('Adult')).toEqual({});
  });

  it('names a type by id or by name, whatever its case', () => {
    expect(findDisplayedType([adult, child], 'c1')).toBe(child);
    expect(findDisplayedType([adult, child], ' adult ')).toBe(adult);
    expect(findDisplayedType([adult, child], 'Senior')).toBeUndefined();
    expect(findDisplayedType([adult, child], null)).toBeUndefined();
  });

  it('shows the primary price, then the secondary, each with its prefix', () => {
    const display = parsePriceDisplay({
      primary_ticket_type: 'Adult',
      primary_prefix: 'Adults',
      secondary_ticket_type: 'Child',
      secondary_prefix: 'Children',
    });
    expect(displayedPrices(display, [senior, child, adult], (t) => prices[t.id])).toEqual([
      { prefix: 'Adults', amount: '25.00' },
      { prefix: 'Children', amount: '12.00' },
    ]);
  });

  it('leaves out a type the session does not sell, and shows nothing without a primary type', () => {
    const display = parsePriceDisplay({
      primary_ticket_type: 'Adult',
      secondary_ticket_type: 'Child',
    });
    expect(
      displayedPrices(display, [adult, child], (t) => (t === child ? undefined : '25.00')),
    ).toEqual([{ prefix: null, amount: '25.00' }]);
    expect(
      displayedPrices(parsePriceDisplay({ secondary_ticket_type: 'Child' }), [child], () => '1.00'),
    ).toEqual([]);
  });
});

describe('discounted_amount (shopping §3 ticket type)', () => {
  it('is shown when it is lower than the regular price, and only then', () => {
    expect(discountedPrice({ discounted_amount: '20.00' }, '25.00')).toBe('20.00');
    expect(discountedPrice({ discounted_amount: '25.00' }, '25.00')).toBeNull();
    expect(discountedPrice({ discounted_amount: '29.00' }, '25.00')).toBeNull();
    expect(discountedPrice({ discounted_amount: null }, '25.00')).toBeNull();
    expect(discountedPrice({}, '25.00')).toBeNull();
  });
});

// shopping §9 "Price display setting: all, sessions_and_tickets or off" (decision 0081)
describe('pricesShownOn', () => {
  const surfaces = ['summary', 'sessions', 'tickets'] as const;
  const shown = (setting: PriceDisplaySetting) =>
    surfaces.filter((surface) => pricesShownOn(setting, surface));

  it('all shows every surface; sessions_and_tickets keeps the summaries bare; off shows none', () => {
    expect(shown('all')).toEqual(['summary', 'sessions', 'tickets']);
    expect(shown('sessions_and_tickets')).toEqual(['sessions', 'tickets']);
    expect(shown('off')).toEqual([]);
  });

  it('a range price is a flexible amount, bounded on either side', () => {
    expect(isRangePrice({ currency_amount_min: '5.00', currency_amount_max: '50.00' })).toBe(true);
    expect(isRangePrice({ currency_amount_min: '5.00', currency_amount_max: null })).toBe(true);
    expect(isRangePrice({ currency_amount_min: null, currency_amount_max: null })).toBe(false);
  });
});
