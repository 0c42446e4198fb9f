import { describe, expect, it } from 'vitest';
import { keptSellerPatterns, matchesSellerPattern, SELLER_PATTERNS_KEPT } from './seller-pattern';

describe('matchesSellerPattern', () => {
  it('matches the whole value, and a refused pattern matches nothing', () => {
    expect(matchesSellerPattern('CP[0-9]{4}', 'CP1234')).toBe(true);
    expect(matchesSellerPattern('CP[0-9]{4}', 'xCP1234')).toBe(false);
    expect(matchesSellerPattern('(a+)+b', 'aab')).toBe(false);
  });

  it('keeps at most SELLER_PATTERNS_KEPT compiled patterns, the recently used ones', () => {
    const hot = 'HOT[0-9]+';
    for (let i = 0; i < SELLER_PATTERNS_KEPT * 2; i++) {
      expect(matchesSellerPattern(`P${i}-[A-Z]+`, `P${i}-AB`)).toBe(true);
      // used between every two others, so the cap never drops it for long
      expect(matchesSellerPattern(hot, 'HOT7')).toBe(true);
      expect(keptSellerPatterns()).toBeLessThanOrEqual(SELLER_PATTERNS_KEPT);
    }
    expect(keptSellerPatterns()).toBe(SELLER_PATTERNS_KEPT);
    // still answered right after its matcher was dropped and compiled again
    expect(matchesSellerPattern('P0-[A-Z]+', 'P0-AB')).toBe(true);
  });
});
