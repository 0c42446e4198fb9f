import { describe, expect, it } from 'vitest';
import { extendedExpiry } from '@/features/cart/api/extend-cart';

describe('cart extension (shopping §4 "Cart timer")', () => {
  it('extends by 2 minutes from the server expiry', () => {
    expect(extendedExpiry('2026-06-01T14:15:00.000Z')).toBe('2026-06-01T14:17:00.000Z');
  });
});
