import { describe, expect, it } from 'vitest';
import { indexSeats, moveFrom } from '@/features/seats/map/seat-rows';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';

describe('seat travel by keyboard', () => {
  const { seats } = makeSyntheticSeatMap({ sections: ['Left', 'Right'], rows: 2, seatsPerRow: 3 });
  const index = indexSeats(seats);

  it('orders rows top to bottom and seats left to right', () => {
    expect(index.rows.map((row) => `${row.section} ${row.row}`)).toEqual([
      'Left A',
      'Right A',
      'Left B',
      'Right B',
    ]);
  });

  it('goes past the end of a section to the nearest row of another section', () => {
    expect(moveFrom(index, 'Left-B-3', 'down')).toBe('Left-B-3');
    expect(moveFrom(index, 'Left-A-3', 'down')).toBe('Left-B-3');
    expect(moveFrom(index, 'Right-A-1', 'up')).toBe('Right-A-1');
  });

  it('follows the eye when the seat numbers run right to left', () => {
    const reversed = seats.map((seat) => ({ ...seat, previous: seat.next, next: seat.previous }));
    const flipped = indexSeats(reversed);
    expect(moveFrom(flipped, 'Left-A-2', 'right')).toBe('Left-A-3');
    expect(moveFrom(flipped, 'Left-A-2', 'left')).toBe('Left-A-1');
  });

  it('moves between rows across sections when a section has no row there', () => {
    const stalls = makeSyntheticSeatMap({ sections: ['Stalls'], rows: 1, seatsPerRow: 3 }).seats;
    const balcony = makeSyntheticSeatMap({
      sections: ['Balcony'],
      rows: 1,
      seatsPerRow: 3,
    }).seats.map((seat) => ({ ...seat, y: seat.y + 100 }));
    const twoLevels = indexSeats([...stalls, ...balcony]);
    expect(moveFrom(twoLevels, 'Stalls-A-2', 'down')).toBe('Balcony-A-2');
    expect(moveFrom(twoLevels, 'Balcony-A-3', 'up')).toBe('Stalls-A-3');
  });
});
