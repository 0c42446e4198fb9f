import { describe, expect, it } from 'vitest';
import type { Seat } from '@admit/contracts/seat-map';
import type { SeatView } from '@/features/seats/map/seat-cells';
import { SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';
import { discPath, seatPaint } from '@/features/seats/map/seat-paint';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';

const [a, b, c, d] = makeSyntheticSeatMap({ seatsPerRow: 4 }).seats as [Seat, Seat, Seat, Seat];
const view = (seat: Seat, look: SeatView['look'], color: string, dimmed = false): SeatView => ({
  seat,
  look,
  color,
  dimmed,
});

describe('seatPaint: every seat in one path per look, colour and dimming', () => {
  it('draws each seat once, in the path of its look and colour', () => {
    const paint = seatPaint([
      view(a, 'available', '#1f5fa8'),
      view(b, 'available', '#1f5fa8'),
      view(c, 'booked', '#1f5fa8'),
      view(d, 'available', '#b91c1c', true),
    ]);
    expect(paint).toHaveLength(3);
    const blue = paint.find((p) => p.fill === '#1f5fa8')!;
    expect(blue.d).toBe(discPath(a.x, a.y, a.r) + discPath(b.x, b.y, b.r));
    expect(blue.dimmed).toBe(false);
    expect(paint.find((p) => p.fill === SEAT_MAP_COLORS.bookedFill)!.d).toBe(
      discPath(c.x, c.y, c.r),
    );
    expect(paint.find((p) => p.fill === '#b91c1c')!.dimmed).toBe(true);
  });

  it('draws an unavailable seat as a smaller hollow ring', () => {
    const [ring] = seatPaint([view(a, 'unavailable', '#1f5fa8')]);
    expect(ring!.fill).toBe(SEAT_MAP_COLORS.ground);
    expect(ring!.stroke).toBe(SEAT_MAP_COLORS.unavailableStroke);
    expect(ring!.strokeWidth).toBeCloseTo(a.r * 0.3);
    expect(ring!.d).toBe(discPath(a.x, a.y, a.r * 0.85));
  });

  it('paints each row on its own paths, so a path spans one row, not the hall', () => {
    const hall = makeSyntheticSeatMap({ rows: 2, seatsPerRow: 2 }).seats;
    const paint = seatPaint(hall.map((seat) => view(seat, 'available', '#1f5fa8')));
    expect(paint).toHaveLength(2);
    expect(paint.map((p) => p.d)).toEqual([
      discPath(hall[0]!.x, hall[0]!.y, hall[0]!.r) + discPath(hall[1]!.x, hall[1]!.y, hall[1]!.r),
      discPath(hall[2]!.x, hall[2]!.y, hall[2]!.r) + discPath(hall[3]!.x, hall[3]!.y, hall[3]!.r),
    ]);
  });
});

describe('discPath', () => {
  it('is a full circle of radius r around (x, y): two half arcs from its left edge', () => {
    expect(discPath(10, 20, 5)).toBe('M5 20a5 5 0 1 0 10 0a5 5 0 1 0 -10 0');
  });
});
