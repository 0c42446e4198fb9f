import { describe, expect, it } from 'vitest';
import { CART_MAX_EXTENSIONS } from '@admit/contracts/constants';
import {
  extendedExpiry,
  formatCountdown,
  secondsLeft,
  shouldOfferExtension,
} from '@/ui/hold-timer';

describe('hold countdown', () => {
  it('formats m:ss and counts whole seconds up', () => {
    expect(formatCountdown(305)).toBe('5:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('extension offer (≤ 60 s, not expired, not declined)', () => {
  it.each([
    [61, false, false],
    [60, false, true],
    [1, false, true],
    [0, false, false],
    [30, true, false],
  ])('%i s, declined %s → %s', (seconds, declined, offered) => {
    expect(shouldOfferExtension(seconds, declined)).toBe(offered);
  });

  it('stops once the hold had the extensions the server grants', () => {
    expect(shouldOfferExtension(30, false, CART_MAX_EXTENSIONS - 1)).toBe(true);
    expect(shouldOfferExtension(30, false, CART_MAX_EXTENSIONS)).toBe(false);
  });

  it('extends by 2 minutes from the server expiry (shopping §4 "Cart timer")', () => {
    expect(extendedExpiry('2026-06-01T14:15:00.000Z')).toBe('2026-06-01T14:17:00.000Z');
  });
});
