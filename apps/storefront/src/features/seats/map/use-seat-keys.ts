import { useCallback, useMemo, useState } from 'react';
import type { FocusEvent, KeyboardEvent, RefObject } from 'react';
import { SEAT_MAP_ZOOM_IN, SEAT_MAP_ZOOM_OUT } from '@admit/contracts/constants';
import type { SeatCells } from '@/features/seats/map/seat-cells';
import { moveFrom } from '@/features/seats/map/seat-rows';
import type { SeatIndex, SeatMove } from '@/features/seats/map/seat-rows';
import type { usePanZoom } from '@/features/seats/map/use-pan-zoom';

const MOVES: Record<string, SeatMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
};
const ZOOMS: Record<string, number> = {
  '+': SEAT_MAP_ZOOM_IN,
  '=': SEAT_MAP_ZOOM_IN,
  '-': SEAT_MAP_ZOOM_OUT,
  _: SEAT_MAP_ZOOM_OUT,
};

function seatIdOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest('[data-seat]')?.getAttribute('data-seat') ?? null;
}

/**
 * The map's keyboard and its one Tab stop (a roving tabindex): the seat last focused, else the
 * first selected, else the first available in reading order. All handlers are delegated from the
 * <svg>; no seat has a listener of its own.
 */
export function useSeatKeys({
  index,
  selected,
  cells,
  panZoom,
  onToggle,
}: {
  index: SeatIndex;
  selected: ReadonlySet<string>;
  /** the grid cells' writer (seat-layer.tsx): it writes a seat's row if it is not yet there */
  cells: RefObject<SeatCells | null>;
  panZoom: ReturnType<typeof usePanZoom>;
  onToggle: (seatId: string) => void;
}) {
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const fallbackId = useMemo(() => {
    const inOrder = index.rows.flatMap((row) => row.seats);
    return (
      inOrder.find((seat) => selected.has(seat.id))?.id ??
      inOrder.find((seat) => seat.state === 'available')?.id ??
      inOrder[0]?.id ??
      null
    );
  }, [index, selected]);
  const activeId = focusedId !== null && index.byId.has(focusedId) ? focusedId : fallbackId;
  const active = activeId === null ? undefined : index.byId.get(activeId);

  const focusSeat = useCallback(
    (seatId: string) => {
      // preventScroll: the map pans the seat into view itself (onFocus), the page stays put
      cells.current?.cellOf(seatId)?.focus({ preventScroll: true });
    },
    [cells],
  );

  const onFocus = useCallback(
    (event: FocusEvent<SVGSVGElement>) => {
      const seat = index.byId.get(seatIdOf(event.target) ?? '');
      if (!seat) return;
      setFocusedId(seat.id);
      panZoom.showCircle(seat.x, seat.y, seat.r);
    },
    [index, panZoom],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<SVGSVGElement>) => {
      const seatId = seatIdOf(event.target);
      const seat = seatId ? index.byId.get(seatId) : undefined;
      if (!seat) return;
      const move = MOVES[event.key];
      const zoom = ZOOMS[event.key];
      if (move) {
        event.preventDefault();
        const next = moveFrom(index, seat.id, move);
        if (next !== seat.id) focusSeat(next);
      } else if (zoom) {
        event.preventDefault();
        panZoom.zoomAtMapPoint(zoom, seat.x, seat.y);
        panZoom.showCircle(seat.x, seat.y, seat.r);
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onToggle(seat.id);
      }
    },
    [index, focusSeat, panZoom, onToggle],
  );

  const onSeatClick = useCallback(
    (target: EventTarget | null) => {
      const seatId = seatIdOf(target);
      if (seatId) onToggle(seatId);
    },
    [onToggle],
  );

  return { activeId, active, onFocus, onKeyDown, onSeatClick };
}
