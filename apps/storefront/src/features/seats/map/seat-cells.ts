import type { Seat } from '@admit/contracts/seat-map';
import type { SeatLook } from '@/features/seats/map/seat-glyphs';
import type { SeatIndex, SeatRow } from '@/features/seats/map/seat-rows';

/** What one seat shows; the panel works it out once per state or selection change. */
export interface SeatView {
  seat: Seat;
  look: SeatLook;
  color: string;
  dimmed: boolean;
}

/**
 * A seat's accessible name in a look ("Row F, seat 12, Adult £25, available"). Asked for only
 * when a cell is written or its look changes: naming 5,000 seats (types, prices, the seller's
 * text) before the first frame cost more than drawing them.
 */
export type SeatLabeler = (seat: Seat, look: SeatLook) => string;

/**
 * A map of up to this many seats gets all its grid cells in the first frame; a larger one gets
 * only its Tab stop's row in the first frame (its seats are painted first, seat-paint.ts) and then
 * at most this many a frame, whole rows at a time, and fewer once a frame's slice of time is spent
 * (CELL_SLICE_MS).
 */
export const CELLS_PER_FRAME = 500;

/**
 * The time one frame's cells may take to write (ms, markup and parse, measured row by row). The
 * browser then styles, lays out and paints the same cells in that frame at about the same cost
 * again, so a frame stays well inside 16 ms. A fixed count did not: 500 cells cost 9–10 ms of CPU
 * in a warm frame and 13–16 ms in the first (code not yet optimised, the mount's garbage
 * collected), which a shared 2-core machine stretched to 40–70 ms.
 */
export const CELL_SLICE_MS = 3;

/**
 * The seats' grid cells, written without React (issue #24's first-render target): one transparent
 * `<circle>` per seat, the grid cell itself (name, ARIA state, the roving Tab stop and the
 * click area), inside one `role="row"` `<g>` per row. React building and committing 5,000
 * elements cost most of the first render; markup parsed by the browser in one call per task costs
 * a fraction, and a later change touches only the cells whose name or state changed.
 */
export class SeatCells {
  private readonly elements = new Map<string, SVGElement>();
  /** each written cell's look and name, to touch only the cells that change */
  private readonly shown = new Map<string, { look: SeatLook; label: string }>();
  private labelOf: SeatLabeler = () => '';
  /** each row's `<g>` once written, by its place in reading order (a row may come early) */
  private rowElements: (Element | undefined)[] = [];
  private writtenRows = 0;
  /** the first row in reading order the slices have not written */
  private nextRow = 0;
  /** the last written row in reading order: a row after it is appended, not inserted */
  private lastRow = -1;
  private started = false;
  private tabStop: string | null = null;
  private frame: number | null = null;
  private views: ReadonlyMap<string, SeatView> = new Map();
  /** a seat focused when its hall was written anew: its row is written at once, and it refocused */
  private refocus: string | null = null;

  constructor(
    private readonly layer: SVGGElement,
    private index: SeatIndex,
    private rowLabel: (section: string, row: string) => string,
    /** the clock a slice is timed by (tests pass a fake one) */
    private readonly now: () => number = () => performance.now(),
  ) {
    layer.replaceChildren();
  }

  /**
   * Takes a new seat list. The same seats in the same rows and places (a refresh of states, a
   * new array for the same hall) keep their cells, so focus stays on its seat; a different hall
   * is written anew, with the focused seat refocused if it is still there.
   */
  adopt(index: SeatIndex): void {
    if (index === this.index) return;
    const same =
      index.rows.length === this.index.rows.length &&
      index.rows.every((row, at) => {
        const before = this.index.rows[at]!;
        return (
          row.key === before.key &&
          row.seats.length === before.seats.length &&
          row.seats.every((seat, i) => {
            const was = before.seats[i]!;
            return seat.id === was.id && seat.x === was.x && seat.y === was.y && seat.r === was.r;
          })
        );
      });
    this.index = index;
    if (same) return;
    const focused = this.layer.contains(document.activeElement)
      ? document.activeElement?.getAttribute('data-seat')
      : null;
    this.dispose();
    this.layer.replaceChildren();
    this.elements.clear();
    this.shown.clear();
    this.rowElements = [];
    this.writtenRows = 0;
    this.nextRow = 0;
    this.lastRow = -1;
    this.started = false;
    this.refocus = focused ?? null;
  }

  /**
   * Shows `views` with `tabStop` as the Tab stop, named by `labelOf`: updates written cells whose
   * look or name changed, writes the rest as due.
   */
  show(views: ReadonlyMap<string, SeatView>, tabStop: string | null, labelOf: SeatLabeler): void {
    const renamed = labelOf !== this.labelOf;
    this.views = views;
    this.labelOf = labelOf;
    for (const [id, element] of this.elements) {
      const view = views.get(id);
      const before = this.shown.get(id);
      if (!view || !before || (!renamed && view.look === before.look)) continue;
      const label = labelOf(view.seat, view.look);
      if (view.look === before.look && label === before.label) continue;
      for (const [name, value] of Object.entries(stateAttributes(view.look, label))) {
        if (value === null) element.removeAttribute(name);
        else element.setAttribute(name, value);
      }
      this.shown.set(id, { look: view.look, label });
    }
    this.moveTabStop(tabStop);
    if (!this.started) {
      this.started = true;
      // a small hall is written at once; a large one starts the frame after its paint
      // (two frames: a callback asked for now runs before the first frame's paint)
      if (this.index.byId.size <= CELLS_PER_FRAME) this.writeRows(() => true);
      else
        this.frame = requestAnimationFrame(() => {
          this.frame = requestAnimationFrame(() => this.drawSlice());
        });
    }
    // the Tab stop exists from the first frame, whatever row it is in (its row alone, written
    // out of turn): Tab into a large map before the slices reach it lands on a seat, not past it
    if (tabStop !== null) this.cellOf(tabStop);
    const refocus = this.refocus;
    this.refocus = null;
    if (refocus) this.cellOf(refocus)?.focus({ preventScroll: true });
  }

  /**
   * A seat's grid cell, its row written now (alone, in its place) if the slices have not got
   * there yet: the keyboard may move into a row of a large hall in the first frames after it
   * opens, and focus must land on that seat, not stay put.
   */
  cellOf(seatId: string): SVGElement | undefined {
    const row = this.index.rowOf.get(seatId);
    if (!row) return undefined;
    if (!this.elements.has(seatId)) this.writeRow(this.index.rows.indexOf(row));
    return this.elements.get(seatId);
  }

  /** Row names follow the seller's text (a language change re-labels every row). */
  relabel(rowLabel: (section: string, row: string) => string): void {
    this.rowLabel = rowLabel;
    this.rowElements.forEach((element, at) => {
      const row = this.index.rows[at]!;
      element?.setAttribute('aria-label', rowLabel(row.section, row.row));
    });
  }

  /** Stops drawing (the map closed or got a new seat list). */
  dispose(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  private moveTabStop(tabStop: string | null): void {
    if (tabStop === this.tabStop) return;
    this.elements.get(this.tabStop ?? '')?.setAttribute('tabindex', '-1');
    this.elements.get(tabStop ?? '')?.setAttribute('tabindex', '0');
    this.tabStop = tabStop;
  }

  /**
   * One frame's cells: whole rows until CELL_SLICE_MS has passed or the next row would pass
   * CELLS_PER_FRAME, at least one row; the rest in the frames that follow (one slice per frame,
   * not per task: tasks may run back to back and hold a frame back).
   */
  private drawSlice(): void {
    this.frame = null;
    const start = this.now();
    this.writeRows(
      (seats, next) =>
        this.now() - start < CELL_SLICE_MS && seats + next.seats.length <= CELLS_PER_FRAME,
    );
    if (this.writtenRows < this.index.rows.length) {
      this.frame = requestAnimationFrame(() => this.drawSlice());
    }
  }

  /**
   * Writes the next unwritten row in reading order (if any is left), then more while
   * `more(seats written so far, next row)` holds. Row by row, each parsed as it is written, so a
   * slice's clock counts the parsing too.
   */
  private writeRows(more: (seats: number, next: SeatRow) => boolean): void {
    let seats = 0;
    for (;;) {
      while (this.rowElements[this.nextRow]) this.nextRow += 1;
      const row = this.index.rows[this.nextRow];
      if (!row || (seats > 0 && !more(seats, row))) return;
      this.writeRow(this.nextRow);
      seats += row.seats.length;
    }
  }

  /** Writes one row's cells, before the next written row in reading order, so DOM order is kept. */
  private writeRow(at: number): void {
    const row = this.index.rows[at]!;
    let markup = `<g role="row" aria-label="${escape(this.rowLabel(row.section, row.row))}">`;
    for (const seat of row.seats) markup += this.cellMarkup(seat);
    markup += '</g>';
    // markup parsed in the SVG namespace: insertAdjacentHTML on an SVG element parses it as SVG
    let after: Element | undefined;
    for (let next = at + 1; !after && next <= this.lastRow; next += 1) {
      after = this.rowElements[next];
    }
    if (after) after.insertAdjacentHTML('beforebegin', markup);
    else this.layer.insertAdjacentHTML('beforeend', markup);
    const element = (after ? after.previousElementSibling : this.layer.lastElementChild)!;
    for (const cell of element.children) {
      this.elements.set(cell.getAttribute('data-seat')!, cell as SVGElement);
    }
    this.rowElements[at] = element;
    this.writtenRows += 1;
    this.lastRow = Math.max(this.lastRow, at);
  }

  private cellMarkup(seat: Seat): string {
    const { look } = this.views.get(seat.id)!;
    const label = this.labelOf(seat, look);
    this.shown.set(seat.id, { look, label });
    let markup = `<circle role="gridcell" data-seat="${escape(seat.id)}" tabindex="${seat.id === this.tabStop ? 0 : -1}" cx="${seat.x}" cy="${seat.y}" r="${seat.r}"`;
    for (const [name, value] of Object.entries(stateAttributes(look, label))) {
      if (value !== null) markup += ` ${name}="${escape(value)}"`;
    }
    return `${markup}></circle>`;
  }
}

/** A cell's name and ARIA state in a look; absent ones are removed. */
function stateAttributes(look: SeatLook, label: string): Record<string, string | null> {
  const inactive = look === 'booked' || look === 'unavailable';
  return {
    'aria-label': label,
    'aria-disabled': inactive ? 'true' : null,
    'aria-selected': inactive ? null : String(look === 'selected'),
  };
}

// most names and ids have nothing to escape: one test instead of three replaces per attribute
const escape = (value: string) =>
  /[&"<]/.test(value)
    ? value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
    : value;
