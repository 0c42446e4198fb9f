import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SellerConfigProvider } from '@/config/seller-config';
import { CELLS_PER_FRAME } from '@/features/seats/map/seat-cells';
import { SeatMapPanel } from '@/features/seats/map/seat-map-panel';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';

/** One section of 30 rows × 25: larger than a frame's cells, so rows are written slice by slice. */
const hall = makeSyntheticSeatMap({
  sections: ['Stalls'],
  groups: ['stalls'],
  rows: 30,
  seatsPerRow: 25,
});
const rowsInFirstSlice = CELLS_PER_FRAME / 25;

beforeEach(() =>
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }),
);
afterEach(() => vi.useRealTimers());

it('moves by keyboard into a row whose cells the slices have not written yet', async () => {
  render(
    <SellerConfigProvider config={makeSellerConfig()}>
      <SeatMapPanel
        map={hall.map}
        seats={hall.seats}
        groups={[{ id: 'stalls', name: 'Stalls £25', color: 0 }]}
        selected={new Set()}
        seatLabel={(seat, state) => `row ${seat.row}, seat ${seat.seat}, ${state}`}
        announcement=""
        onToggle={() => {}}
      />
    </SellerConfigProvider>,
  );
  // the paint's frame, then the first slice (the faked clock stands still: a full slice)
  act(() => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
  });
  const lastWritten = hall.seats[(rowsInFirstSlice - 1) * 25]!;
  const firstUnwritten = hall.seats[rowsInFirstSlice * 25]!;
  const name = (seat: typeof lastWritten) => `row ${seat.row}, seat ${seat.seat}, available`;
  expect(screen.queryByRole('gridcell', { name: name(firstUnwritten) })).toBeNull();

  act(() => screen.getByRole('gridcell', { name: name(lastWritten) }).focus());
  await userEvent.setup().keyboard('{ArrowDown}');
  expect(screen.getByRole('gridcell', { name: name(firstUnwritten) })).toHaveFocus();
});
