import { memo, useMemo, useRef } from 'react';
import type { Seat } from '@admit/contracts/seat-map';
import { SEAT_MAP_COLORS } from '@/features/seats/map/seat-colors';
import { checkPath, crossPath, discStyle } from '@/features/seats/map/seat-glyphs';
import type { SeatLook } from '@/features/seats/map/seat-glyphs';
import type { SeatIndex } from '@/features/seats/map/seat-rows';
import styles from '@/features/seats/map/seat-map.module.css';

/** What one seat shows; the layer works it out once per state or selection change. */
export interface SeatView {
  seat: Seat;
  look: SeatLook;
  color: string;
  label: string;
  dimmed: boolean;
}

/**
 * One seat: one <circle>, the grid cell itself, so 5,000 seats are 5,000 nodes, each drawn by its
 * row with no component of its own (5,000 memoised components cost the first render more than
 * they save: the row's memo already limits a selection's redraw to its row). No listener of its
 * own; the map delegates. Unseen defaults (no stroke) are left out: fewer attributes to set.
 */
function seatCell(view: SeatView, tabbable: boolean) {
  const { seat, look, color, label, dimmed } = view;
  const { r } = seat;
  const disc = discStyle(look, color);
  const inactive = look === 'booked' || look === 'unavailable';
  const hollow = look === 'unavailable';
  return (
    <circle
      key={seat.id}
      role="gridcell"
      data-seat={seat.id}
      cx={seat.x}
      cy={seat.y}
      r={hollow ? r * 0.85 : r}
      fill={disc.fill}
      stroke={hollow ? disc.stroke : undefined}
      strokeWidth={hollow ? r * 0.3 : undefined}
      className={dimmed ? styles.dim : undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-disabled={inactive || undefined}
      aria-selected={inactive ? undefined : look === 'selected'}
    />
  );
}

const sameView = (a: SeatView, b: SeatView) =>
  a.look === b.look &&
  a.color === b.color &&
  a.label === b.label &&
  a.dimmed === b.dimmed &&
  a.seat.x === b.seat.x &&
  a.seat.y === b.seat.y &&
  a.seat.r === b.seat.r;

/** One row; memoised on its own seats' views, so a selection re-renders one row, not 5,000 seats. */
const SeatRowGroup = memo(function SeatRowGroup({
  views,
  activeId,
  label,
}: {
  views: readonly SeatView[];
  /** the Tab stop when it is in this row, else null */
  activeId: string | null;
  label: string;
}) {
  return (
    <g role="row" aria-label={label}>
      {views.map((view) => seatCell(view, view.seat.id === activeId))}
    </g>
  );
});

interface SeatLayerProps {
  index: SeatIndex;
  views: ReadonlyMap<string, SeatView>;
  activeId: string | null;
  rowLabel: (section: string, row: string) => string;
}

/** The seats, row by row (`role="row"`), and the state marks drawn over them as single paths. */
export const SeatLayer = memo(function SeatLayer({
  index,
  views,
  activeId,
  rowLabel,
}: SeatLayerProps) {
  // each row keeps its array of views while none of them changed, so its memo holds
  const previous = useRef(new Map<string, SeatView[]>());
  const rowViews = useMemo(() => {
    const next = new Map<string, SeatView[]>();
    for (const row of index.rows) {
      const fresh = row.seats.map((seat) => views.get(seat.id)!);
      const kept = previous.current.get(row.key);
      const same =
        kept?.length === fresh.length && kept.every((view, i) => sameView(view, fresh[i]!));
      next.set(row.key, same && kept ? kept : fresh);
    }
    previous.current = next;
    return next;
  }, [index, views]);
  const activeRow = activeId ? index.rowOf.get(activeId)?.key : undefined;

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
      {index.rows.map((row) => (
        <SeatRowGroup
          key={row.key}
          views={rowViews.get(row.key)!}
          activeId={row.key === activeRow ? activeId : null}
          label={rowLabel(row.section, row.row)}
        />
      ))}
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
