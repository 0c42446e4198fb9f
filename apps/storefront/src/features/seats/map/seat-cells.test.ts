import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Seat } from '@admit/contracts/seat-map';
import { CELL_SLICE_MS, CELLS_PER_FRAME, SeatCells } from '@/features/seats/map/seat-cells';
import type { SeatLabeler, SeatView } from '@/features/seats/map/seat-cells';
import { indexSeats } from '@/features/seats/map/seat-rows';
import { makeSyntheticSeatMap } from '@/testing/synthetic-seat-map';

/** 2 sections × 20 rows × 25 = 1,000 seats: more than one frame's batch. */
const hall = makeSyntheticSeatMap({ sections: ['A', 'B'], rows: 20, seatsPerRow: 25 });
const index = indexSeats(hall.seats);

function viewsOf(selected: ReadonlySet<string> = new Set()): Map<string, SeatView> {
  return new Map(
    hall.seats.map((seat: Seat) => {
      const look = selected.has(seat.id) ? 'selected' : seat.state;
      return [seat.id, { seat, look, color: '#1f5fa8', dimmed: false }];
    }),
  );
}

function layer(): SVGGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.append(g);
  document.body.append(svg);
  return g;
}

const cells = (g: SVGGElement) => g.querySelectorAll('[role="gridcell"]');
const rowNames = (g: SVGGElement) => [...g.children].map((row) => row.getAttribute('aria-label'));
const cell = (g: SVGGElement, id: string) => g.querySelector(`[data-seat="${id}"]`);
const rowLabel = (section: string, row: string) => `${section} row ${row}`;
/** the frame that paints the seats, then the one that writes the first cells */
const afterPaint = () => {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersToNextFrame();
};
const labelOf: SeatLabeler = (seat, look) => `${seat.id} ${look}`;

describe('SeatCells: the grid cells, written in batches after the paint', () => {
  // the clock a slice is timed by is faked too: it stands still within a frame
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('writes a small hall at once', () => {
    const g = layer();
    const small = makeSyntheticSeatMap({ sections: ['A'], rows: 4, seatsPerRow: 25 });
    const views = new Map(
      small.seats.map((seat) => [
        seat.id,
        { seat, look: seat.state, color: '#000', dimmed: false },
      ]),
    );
    new SeatCells(g, indexSeats(small.seats), rowLabel).show(views, null, labelOf);
    expect(cells(g)).toHaveLength(small.seats.length);
  });

  it('writes a large hall from the frame after its paint, one batch a frame, in reading order', () => {
    const g = layer();
    new SeatCells(g, index, rowLabel).show(viewsOf(), null, labelOf);
    expect(cells(g)).toHaveLength(0);
    // the first frame paints the seats alone
    vi.advanceTimersToNextFrame();
    expect(cells(g)).toHaveLength(0);
    vi.advanceTimersToNextFrame();
    const first = cells(g).length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(CELLS_PER_FRAME);
    expect(first % 25).toBe(0);
    expect(g.children[0]).toHaveAttribute('role', 'row');
    expect(g.children[0]).toHaveAttribute('aria-label', index.rows[0]!.section + ' row A');
    vi.advanceTimersToNextFrame();
    expect(cells(g).length).toBe(Math.min(hall.seats.length, first * 2));
    vi.advanceTimersByTime(1000);
    expect(cells(g)).toHaveLength(hall.seats.length);
    expect(rowNames(g)).toEqual(index.rows.map((row) => rowLabel(row.section, row.row)));
  });

  it("writes the Tab stop's row before the first frame, out of turn, and keeps reading order", () => {
    const g = layer();
    // a Tab stop in a row the first slices would not reach
    const deepRow = index.rows[30]!;
    const tabStop = deepRow.seats[4]!.id;
    new SeatCells(g, index, rowLabel).show(viewsOf(), tabStop, labelOf);
    expect(rowNames(g)).toEqual([rowLabel(deepRow.section, deepRow.row)]);
    expect(cells(g)).toHaveLength(deepRow.seats.length);
    expect(cell(g, tabStop)).toHaveAttribute('tabindex', '0');
    expect(g.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    afterPaint();
    // the first slice's rows go before it: the DOM stays in reading order
    const first = cells(g).length;
    expect(first).toBeGreaterThan(deepRow.seats.length);
    expect(rowNames(g)).toEqual(
      [...index.rows.slice(0, (first - deepRow.seats.length) / 25), deepRow].map((row) =>
        rowLabel(row.section, row.row),
      ),
    );
    vi.advanceTimersByTime(1000);
    // every row once, in reading order, the early one not written twice
    expect(cells(g)).toHaveLength(hall.seats.length);
    expect(rowNames(g)).toEqual(index.rows.map((row) => rowLabel(row.section, row.row)));
    expect(g.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it("ends a frame's slice once its time is spent, after the row that spent it", () => {
    const g = layer();
    let now = 0;
    // on this clock writing a cell takes 0.1 ms (its name is asked for once, as it is written)
    const slowLabels: SeatLabeler = (seat, look) => {
      now += 0.1;
      return labelOf(seat, look);
    };
    new SeatCells(g, index, rowLabel, () => now).show(viewsOf(), null, slowLabels);
    afterPaint();
    // rows of 25 seats take 2.5 ms each: the slice stops after the row that passes its budget
    const perSlice = Math.ceil(CELL_SLICE_MS / 2.5) * 25;
    expect(perSlice).toBeLessThan(CELLS_PER_FRAME);
    expect(cells(g)).toHaveLength(perSlice);
    vi.advanceTimersToNextFrame();
    expect(cells(g)).toHaveLength(perSlice * 2);
    vi.advanceTimersByTime(1000);
    expect(cells(g)).toHaveLength(hall.seats.length);
    expect(rowNames(g)).toEqual(index.rows.map((row) => rowLabel(row.section, row.row)));
  });

  it('names each cell, marks the one Tab stop, and draws later rows in the latest state', () => {
    const g = layer();
    const seatCells = new SeatCells(g, index, rowLabel);
    seatCells.show(viewsOf(), 'A-A-1', labelOf);
    afterPaint();
    expect(cell(g, 'A-A-1')).toHaveAttribute('tabindex', '0');
    expect(cell(g, 'A-A-1')).toHaveAttribute('aria-label', 'A-A-1 available');
    expect(cell(g, 'A-A-1')).toHaveAttribute('aria-selected', 'false');
    // the last row is not written yet when a seat in it is chosen and becomes the Tab stop: its
    // row is written at once
    const last = index.rows.at(-1)!.seats[3]!.id;
    expect(cell(g, last)).toBeNull();
    seatCells.show(viewsOf(new Set([last])), last, labelOf);
    expect(cell(g, 'A-A-1')).toHaveAttribute('tabindex', '-1');
    expect(cell(g, last)).toHaveAttribute('tabindex', '0');
    vi.advanceTimersByTime(1000);
    expect(cell(g, last)).toHaveAttribute('aria-selected', 'true');
    expect(cell(g, last)).toHaveAttribute('aria-label', `${last} selected`);
    expect(cell(g, last)).toHaveAttribute('tabindex', '0');
    expect(g.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('changes only the cells whose state changed, and stops writing once disposed', () => {
    const g = layer();
    const seatCells = new SeatCells(g, index, rowLabel);
    const labels = vi.fn(labelOf);
    seatCells.show(viewsOf(), null, labels);
    afterPaint();
    const untouched = cell(g, 'A-A-2')!;
    const setAttribute = vi.spyOn(untouched, 'setAttribute');
    labels.mockClear();
    seatCells.show(viewsOf(new Set(['A-A-1'])), null, labels);
    expect(cell(g, 'A-A-1')).toHaveAttribute('aria-selected', 'true');
    expect(cell(g, 'A-A-1')).toHaveAttribute('aria-label', 'A-A-1 selected');
    expect(setAttribute).not.toHaveBeenCalled();
    // only the changed seat was named again, not every written one
    expect(labels).toHaveBeenCalledTimes(1);
    const written = cells(g).length;
    seatCells.dispose();
    vi.advanceTimersByTime(1000);
    expect(cells(g)).toHaveLength(written);
  });

  it('names every written cell again when the labeler changes (the seller text or language)', () => {
    const g = layer();
    const seatCells = new SeatCells(g, index, rowLabel);
    seatCells.show(viewsOf(), null, labelOf);
    afterPaint();
    seatCells.show(viewsOf(), null, (seat, look) => `Sitz ${seat.id}, ${look}`);
    expect(cell(g, 'A-A-2')).toHaveAttribute('aria-label', 'Sitz A-A-2, available');
    vi.advanceTimersByTime(1000);
    expect(cell(g, index.rows.at(-1)!.seats[0]!.id)!.getAttribute('aria-label')).toMatch(/^Sitz /);
  });

  it('keeps a seat id or name with markup characters as text', () => {
    const g = layer();
    const odd = { ...hall.seats[0]!, id: 'x"<&y' };
    const views = new Map([
      [odd.id, { seat: odd, look: 'available' as const, color: '#000', dimmed: false }],
    ]);
    new SeatCells(g, indexSeats([odd]), () => '<row> & "1"').show(views, null, () => 'a "b" <c>');
    expect(cell(g, 'x\\"<&y')).toHaveAttribute('aria-label', 'a "b" <c>');
    expect(g.children[0]).toHaveAttribute('aria-label', '<row> & "1"');
    expect(g.children).toHaveLength(1);
  });
});

describe('SeatCells.adopt: a new seat list', () => {
  // the clock a slice is timed by is faked too: it stands still within a frame
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] }),
  );
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('keeps the cells, and so the focus, when the same hall comes again as new objects', () => {
    const g = layer();
    const seatCells = new SeatCells(g, index, rowLabel);
    seatCells.show(viewsOf(), 'A-A-3', labelOf);
    afterPaint();
    const focused = cell(g, 'A-A-3') as SVGElement;
    focused.focus();
    seatCells.adopt(indexSeats(hall.seats.map((seat) => ({ ...seat, state: 'booked' as const }))));
    seatCells.show(viewsOf(new Set(['A-A-3'])), 'A-A-3', labelOf);
    expect(cell(g, 'A-A-3')).toBe(focused);
    expect(document.activeElement).toBe(focused);
  });

  it('writes a different hall anew and refocuses the focused seat, even in a later batch', () => {
    const g = layer();
    const seatCells = new SeatCells(g, index, rowLabel);
    seatCells.show(viewsOf(), null, labelOf);
    vi.advanceTimersByTime(1000);
    const deep = index.rows.at(-1)!.seats[0]!.id;
    (cell(g, deep) as SVGElement).focus();
    const moved = hall.seats.map((seat) => ({ ...seat, x: seat.x + 1 }));
    seatCells.adopt(indexSeats(moved));
    const views = new Map(
      moved.map((seat) => [seat.id, { ...viewsOf().get(seat.id)!, seat }] as const),
    );
    seatCells.show(views, deep, labelOf);
    expect(cell(g, deep)).toHaveAttribute('cx', String(moved.find((s) => s.id === deep)!.x));
    expect(document.activeElement).toBe(cell(g, deep));
    vi.advanceTimersByTime(1000);
    expect(cells(g)).toHaveLength(hall.seats.length);
    expect(new Set([...cells(g)].map((c) => c.getAttribute('data-seat'))).size).toBe(
      hall.seats.length,
    );
  });

  it("writes a seat's row at once when its cell is asked for before the slices reach it", () => {
    const g = layer();
    const writer = new SeatCells(g, index, rowLabel);
    writer.show(viewsOf(), 'A-A-1', labelOf);
    afterPaint();
    const written = cells(g).length;
    const last = index.rows.at(-1)!.seats.at(-1)!;
    expect(written).toBeLessThan(hall.seats.length);
    expect(cell(g, last.id)).toBeNull();
    // the keyboard moving into the last row, 0 ms into the next frame: that row alone, at once
    expect(writer.cellOf(last.id)).toBe(cell(g, last.id));
    expect(cells(g)).toHaveLength(written + index.rows.at(-1)!.seats.length);
    expect(g.lastElementChild).toBe(cell(g, last.id)!.parentElement);
    expect(writer.cellOf('no-such-seat')).toBeUndefined();
    // the slices that follow write the rows between, in order, and nothing twice
    vi.advanceTimersByTime(1000);
    expect(cells(g)).toHaveLength(hall.seats.length);
    expect(rowNames(g)).toEqual(index.rows.map((row) => rowLabel(row.section, row.row)));
  });
});
