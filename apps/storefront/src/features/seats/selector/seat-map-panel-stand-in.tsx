import { useState } from 'react';
import type { Seat, SeatMap } from '@admit/contracts/seat-map';
import styles from '@/features/seats/selector/seat-selector.module.css';

/**
 * STAND-IN for `features/seats/map/seat-map-panel.tsx` (issue #24, engineer B1's presentational
 * map), with the same props, so the selector and its route tests run before the map lands:
 * seats as plain buttons named by `seatLabel`, per-group filter buttons that dim other groups,
 * a live region. The selector passes each seat with the state it shows. The lead swaps the import in
 * `seat-selector.tsx` for the real panel and deletes this file.
 */

export interface SeatMapGroup {
  id: string;
  name: string;
  color: number | null;
}

export type SeatPanelState = 'available' | 'booked' | 'unavailable' | 'selected';

export interface SeatMapPanelProps {
  map: SeatMap;
  seats: readonly Seat[];
  groups: readonly SeatMapGroup[];
  selected: ReadonlySet<string>;
  seatLabel: (seat: Seat, state: SeatPanelState) => string;
  onToggle: (seatId: string) => void;
  announcement?: string;
}

export function SeatMapPanel({
  map,
  seats,
  groups,
  selected,
  seatLabel,
  onToggle,
  announcement,
}: SeatMapPanelProps) {
  const [filter, setFilter] = useState<string | null>(null);
  // as the real panel: with a filter pressed, other groups' seats are dimmed, not removed
  const dimmed = (seat: Seat) => filter !== null && !seat.ticket_groups.split(',').includes(filter);
  return (
    <div role="group" aria-label={map.name}>
      <div className={styles.seats}>
        {groups.map((group) => (
          <button
            key={group.id}
            type="button"
            aria-pressed={filter === group.id}
            onClick={() => setFilter((current) => (current === group.id ? null : group.id))}
          >
            {group.name}
          </button>
        ))}
      </div>
      <div className={styles.seats}>
        {seats.map((seat) => {
          const state: SeatPanelState = selected.has(seat.id) ? 'selected' : seat.state;
          return (
            <button
              key={seat.id}
              type="button"
              aria-pressed={state === 'selected'}
              aria-label={seatLabel(seat, state)}
              style={dimmed(seat) ? { opacity: 0.3 } : undefined}
              onClick={() => onToggle(seat.id)}
            >
              {seat.row}
              {seat.seat}
            </button>
          );
        })}
      </div>
      <p role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
