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
/** the Tab stop's row (the first) before the paint, then a full first slice after it */
const rowsWritten = 1 + CELLS_PER_FRAME / 25;

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
  const lastWritten = hall.seats[(rowsWritten - 1) * 25]!;
  const firstUnwritten = hall.seats[rowsWritten * 25]!;
  const name = (seat: typeof lastWritten) => `row ${seat.row}, seat ${seat.seat}, available`;
  expect(screen.queryByRole('gridcell', { name: name(firstUnwritten) })).toBeNull();

  act(() => screen.getByRole('gridcell', { name: name(lastWritten) }).focus());
  await userEvent.setup().keyboard('{ArrowDown}');
  expect(screen.getByRole('gridcell', { name: name(firstUnwritten) })).toHaveFocus();
});

it('lets Tab reach the map before any slice has run, and the arrow keys move from there', async () => {
  // the first three rows sold: the Tab stop (the first available seat) is in row D, written
  // before the first frame out of turn, while the slices have not started
  const sold = makeSyntheticSeatMap({
    sections: ['Stalls'],
    groups: ['stalls'],
    rows: 30,
    seatsPerRow: 25,
    stateOf: (_section, row) => (row < 3 ? 'booked' : 'available'),
  });
  render(
    <SellerConfigProvider config={makeSellerConfig()}>
      <SeatMapPanel
        map={sold.map}
        seats={sold.seats}
        groups={[{ id: 'stalls', name: 'Stalls £25', color: 0 }]}
        selected={new Set()}
        seatLabel={(seat, state) => `row ${seat.row}, seat ${seat.seat}, ${state}`}
        announcement=""
        onToggle={() => {}}
      />
    </SellerConfigProvider>,
  );
  // no frame has run: the slices have written nothing, only the Tab stop's row is there
  expect(screen.getAllByRole('gridcell')).toHaveLength(25);
  const user = userEvent.setup({ advanceTimers: () => {} });
  act(() => screen.getByRole('button', { name: 'Reset zoom' }).focus());
  await user.tab();
  expect(screen.getByRole('gridcell', { name: 'row D, seat 1, available' })).toHaveFocus();
  // up into a row no slice has written, then along it
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('gridcell', { name: 'row C, seat 1, booked' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('gridcell', { name: 'row C, seat 2, booked' })).toHaveFocus();
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(screen.getByRole('gridcell', { name: 'row E, seat 2, available' })).toHaveFocus();
  expect(screen.getAllByRole('row').map((row) => row.getAttribute('aria-label'))).toEqual([
    'Stalls, row C',
    'Stalls, row D',
    'Stalls, row E',
  ]);
});
