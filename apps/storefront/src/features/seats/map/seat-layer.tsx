import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import type { Seat } from '@admit/contracts/seat-map';
import { SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';
import { checkPath, crossPath } from '@/features/seats/map/seat-glyphs';
import { SeatCells } from '@/features/seats/map/seat-cells';
import type { SeatLabeler, SeatView } from '@/features/seats/map/seat-cells';
import { seatPaint } from '@/features/seats/map/seat-paint';
import type { SeatIndex } from '@/features/seats/map/seat-rows';
import styles from '@/features/seats/map/seat-map.module.css';

interface SeatLayerProps {
  index: SeatIndex;
  views: ReadonlyMap<string, SeatView>;
  activeId: string | null;
  seatLabel: SeatLabeler;
  rowLabel: (section: string, row: string) => string;
  /** the cells' writer, shared with the keyboard (use-seat-keys.ts), which may need a row now */
  cells: RefObject<SeatCells | null>;
}

/**
 * The seats: their paint (a few paths, seat-paint.ts), the grid cells over it, row by row
 * (`role="row"`, seat-cells.ts), and the state marks drawn over both as single paths.
 */
export const SeatLayer = memo(function SeatLayer({
  index,
  views,
  activeId,
  seatLabel,
  rowLabel,
  cells,
}: SeatLayerProps) {
  // the grid cells are written by seat-cells.ts, not React: React would own 5,000 elements
  const layer = useRef<SVGGElement>(null);
  useLayoutEffect(() => {
    const g = layer.current;
    if (!g) return;
    cells.current ??= new SeatCells(g, index, rowLabel);
    cells.current.adopt(index);
    cells.current.show(views, activeId, seatLabel);
  }, [index, views, activeId, seatLabel, rowLabel, cells]);
  useLayoutEffect(() => cells.current?.relabel(rowLabel), [rowLabel, cells]);
  useLayoutEffect(
    () => () => {
      cells.current?.dispose();
      cells.current = null;
    },
    [cells],
  );
  const paint = useMemo(() => seatPaint(views.values()), [views]);

  const marks = useMemo(() => {
    let crosses = '';
    let ticks = '';
    const rings: Seat[] = [];
    for (const view of views.values()) {
      const { x, y, r } = view.seat;
      if (view.look === 'booked') crosses += crossPath(x, y, r);
      else if (view.look === 'selected') {
        ticks += checkPath(x, y, r);
        rings.push(view.seat);
      }
    }
    // one stroke width for each path: a quarter of a typical seat's radius
    const first = views.values().next().value;
    const stroke = first ? first.seat.r * 0.25 : 1;
    return { crosses, ticks, rings, stroke };
  }, [views]);

  return (
    <>
      <g aria-hidden="true" className={styles.paint}>
        {paint.map((group) => (
          <path
            key={group.key}
            d={group.d}
            fill={group.fill}
            stroke={group.stroke}
            strokeWidth={group.strokeWidth}
            className={group.dimmed ? styles.dim : undefined}
          />
        ))}
      </g>
      <g ref={layer} />
      <g className={styles.marks} aria-hidden="true">
        {marks.crosses && (
          <path
            d={marks.crosses}
            stroke={SEAT_MAP_COLORS.bookedMark}
            strokeWidth={marks.stroke}
            fill="none"
          />
        )}
        {marks.rings.map((seat) => (
          <circle
            key={seat.id}
            cx={seat.x}
            cy={seat.y}
            r={seat.r * 1.35}
            fill="none"
            stroke={SEAT_MAP_COLORS.ring}
            strokeWidth={seat.r * 0.3}
          />
        ))}
        {marks.ticks && (
          <path
            d={marks.ticks}
            stroke={SEAT_MAP_COLORS.check}
            strokeWidth={marks.stroke}
            fill="none"
          />
        )}
      </g>
    </>
  );
});
