import { SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';

/**
 * How a state looks without colour (WCAG 1.4.1), shared by the map and its legend: available is
 * a filled disc, sold out a pale disc with a cross, unavailable a hollow ring, selected a filled
 * disc with an outer ring and a tick.
 */
export type SeatLook = 'available' | 'booked' | 'unavailable' | 'selected';

/** A cross over the seat (x, y, r), as path data. */
export function crossPath(x: number, y: number, r: number): string {
  const k = r * 0.5;
  return `M${x - k} ${y - k}L${x + k} ${y + k}M${x + k} ${y - k}L${x - k} ${y + k}`;
}

/** A tick inside the seat (x, y, r), as path data. */
export function checkPath(x: number, y: number, r: number): string {
  return `M${x - r * 0.5} ${y}L${x - r * 0.12} ${y + r * 0.4}L${x + r * 0.55} ${y - r * 0.4}`;
}

/** Fill and stroke of a seat's disc in a state; `color` is its group's palette colour. */
export function discStyle(look: SeatLook, color: string) {
  switch (look) {
    case 'booked':
      return { fill: SEAT_MAP_COLORS.bookedFill, stroke: 'none' };
    case 'unavailable':
      return { fill: SEAT_MAP_COLORS.ground, stroke: SEAT_MAP_COLORS.unavailableStroke };
    default:
      return { fill: color, stroke: 'none' };
  }
}

/** One seat drawn alone (the legend's swatch), in a 24×24 box. */
export function SeatSymbol({ look, color }: { look: SeatLook; color: string }) {
  const disc = discStyle(look, color);
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8" fill={disc.fill} stroke={disc.stroke} strokeWidth="2" />
      {look === 'booked' && (
        <path d={crossPath(12, 12, 8)} stroke={SEAT_MAP_COLORS.bookedMark} strokeWidth="2" />
      )}
      {look === 'selected' && (
        <>
          <circle
            cx="12"
            cy="12"
            r="10.5"
            fill="none"
            stroke={SEAT_MAP_COLORS.ring}
            strokeWidth="2"
          />
          <path
            d={checkPath(12, 12, 8)}
            fill="none"
            stroke={SEAT_MAP_COLORS.check}
            strokeWidth="2"
          />
        </>
      )}
    </svg>
  );
}
