import { describe, expect, it } from 'vitest';
import { SEAT_GROUP_PALETTE } from '@admit/contracts/constants';
import { contrastRatio, groupColor, SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';

describe('seat map colours', () => {
  it('has 20 distinct group colours, each at least 3:1 on the map ground (WCAG 1.4.11)', () => {
    expect(new Set(SEAT_GROUP_PALETTE).size).toBe(20);
    for (const colour of SEAT_GROUP_PALETTE)
      expect(contrastRatio(colour, SEAT_MAP_COLORS.ground), colour).toBeGreaterThanOrEqual(3);
  });

  it('draws the state marks at 3:1 or more against what they sit on', () => {
    expect(
      contrastRatio(SEAT_MAP_COLORS.unavailableStroke, SEAT_MAP_COLORS.ground),
    ).toBeGreaterThanOrEqual(3);
    expect(
      contrastRatio(SEAT_MAP_COLORS.bookedMark, SEAT_MAP_COLORS.bookedFill),
    ).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(SEAT_MAP_COLORS.ring, SEAT_MAP_COLORS.ground)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(SEAT_MAP_COLORS.focus, SEAT_MAP_COLORS.ground)).toBeGreaterThanOrEqual(3);
    for (const colour of SEAT_GROUP_PALETTE)
      expect(contrastRatio(SEAT_MAP_COLORS.check, colour), colour).toBeGreaterThanOrEqual(3);
  });

  it('picks a group colour by its number, wrapping at 20, else by position', () => {
    expect(groupColor(0, 5)).toBe(SEAT_GROUP_PALETTE[0]);
    expect(groupColor(23, 0)).toBe(SEAT_GROUP_PALETTE[3]);
    expect(groupColor(null, 4)).toBe(SEAT_GROUP_PALETTE[4]);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });
});
