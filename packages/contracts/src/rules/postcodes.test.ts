import { describe, expect, it } from 'vitest';
import { isPostcodeOf } from './postcodes';

describe('postcodes per country', () => {
  it('US: five digits; UK: a UK postcode', () => {
    expect(isPostcodeOf('10001', 'US')).toBe(true);
    expect(isPostcodeOf('1000', 'us')).toBe(false);
    expect(isPostcodeOf('SW1A 1AA', 'GB')).toBe(true);
    expect(isPostcodeOf('bs1 4rn', 'GB')).toBe(true);
    expect(isPostcodeOf('10001', 'GB')).toBe(false);
  });

  it('elsewhere: 2 to 10 letters and digits, spaces or hyphens inside', () => {
    expect(isPostcodeOf('75008', 'FR')).toBe(true);
    expect(isPostcodeOf('1234 AB', 'NL')).toBe(true);
    expect(isPostcodeOf('K1A 0B1', 'CA')).toBe(true);
    expect(isPostcodeOf('12345678901234567890', 'DE')).toBe(false);
    expect(isPostcodeOf('12--34', 'DE')).toBe(false);
    expect(isPostcodeOf('abc!', 'DE')).toBe(false);
  });
});
