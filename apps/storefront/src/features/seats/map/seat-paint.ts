import { discStyle } from '@/features/seats/map/seat-glyphs';
import type { SeatView } from '@/features/seats/map/seat-cells';

/**
 * What the eye sees of the seats: one `<path>` per row, look, colour and dimming, each holding
 * every such seat's disc as a subpath. A 5,000-seat hall is a few hundred elements to parse,
 * style and lay out instead of 5,000 (issue #24's first render); the grid cells over them carry
 * the names, states and focus, and are drawn as transparent hit areas (seat-cells.ts). Per row,
 * not per hall: a path is rasterised whole in every tile its bounds touch, so a hall-wide path
 * would be drawn in every tile of every frame of a drag.
 */
export interface SeatPaint {
  key: string;
  fill: string;
  stroke: string | undefined;
  strokeWidth: number | undefined;
  dimmed: boolean;
  d: string;
}

/** A full circle as path data: two arcs (a path cannot hold a `<circle>`). */
export function discPath(x: number, y: number, r: number): string {
  return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/**
 * The paint of every seat, grouped; keys are stable, so React keeps the same elements. No string
 * is built per seat to find its group (a row's few groups are searched by their fields): for a
 * 5,000-seat hall, per-seat keys were a third of this function's time and most of its garbage.
 */
export function seatPaint(views: Iterable<SeatView>): SeatPaint[] {
  const result: SeatPaint[] = [];
  const bySection = new Map<string, Map<string, (SeatPaint & { look: string; r: number })[]>>();
  for (const { seat, look, color, dimmed } of views) {
    const disc = discStyle(look, color);
    const hollow = look === 'unavailable';
    // a hollow ring's stroke scales with the seat: seats of one radius share a path
    const r = hollow ? seat.r : 0;
    let rows = bySection.get(seat.section);
    if (!rows) bySection.set(seat.section, (rows = new Map()));
    let groups = rows.get(seat.row);
    if (!groups) rows.set(seat.row, (groups = []));
    let paint = groups.find(
      (group) =>
        group.look === look && group.fill === disc.fill && group.r === r && group.dimmed === dimmed,
    );
    if (!paint) {
      paint = {
        key: `${seat.section}\u0000${seat.row}|${look}|${disc.fill}|${hollow ? seat.r : ''}|${dimmed ? 'dim' : ''}`,
        fill: disc.fill,
        stroke: hollow ? disc.stroke : undefined,
        strokeWidth: hollow ? seat.r * 0.3 : undefined,
        dimmed,
        d: '',
        look,
        r,
      };
      groups.push(paint);
      result.push(paint);
    }
    paint.d += discPath(seat.x, seat.y, hollow ? seat.r * 0.85 : seat.r);
  }
  return result.map(({ key, fill, stroke, strokeWidth, dimmed, d }) => ({
    key,
    fill,
    stroke,
    strokeWidth,
    dimmed,
    d,
  }));
}
