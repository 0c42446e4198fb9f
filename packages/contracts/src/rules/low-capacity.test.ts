import { describe, expect, it } from 'vitest';
import { DEFAULT_REMAINING_CAPACITY_THRESHOLD, UNLIMITED_CAPACITY } from '../constants';
import { showsLowCapacityLabel } from './low-capacity';

describe('showsLowCapacityLabel (shopping §9, decision 0124)', () => {
  it('shows below the default 10, not at it', () => {
    expect(DEFAULT_REMAINING_CAPACITY_THRESHOLD).toBe(10);
    expect(showsLowCapacityLabel(9, DEFAULT_REMAINING_CAPACITY_THRESHOLD)).toBe(true);
    expect(showsLowCapacityLabel(10, DEFAULT_REMAINING_CAPACITY_THRESHOLD)).toBe(false);
  });

  it('follows a configured threshold', () => {
    expect(showsLowCapacityLabel(4, 5)).toBe(true);
    expect(showsLowCapacityLabel(5, 5)).toBe(false);
    expect(showsLowCapacityLabel(30, 50)).toBe(true);
  });

  it('never shows at threshold 0, for unlimited capacity or without a session', () => {
    expect(showsLowCapacityLabel(0, 0)).toBe(false);
    expect(showsLowCapacityLabel(UNLIMITED_CAPACITY, 50)).toBe(false);
    expect(showsLowCapacityLabel(null, 10)).toBe(false);
    expect(showsLowCapacityLabel(undefined, 10)).toBe(false);
  });
});
