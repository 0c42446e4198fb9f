import { SEAT_GROUP_PALETTE } from '@admit/contracts/constants';
import { SeatSymbol } from '@/features/seats/map/seat-glyphs';
import type { SeatLook } from '@/features/seats/map/seat-glyphs';
import styles from '@/features/seats/map/seat-map.module.css';

const LOOKS: readonly SeatLook[] = ['available', 'booked', 'unavailable', 'selected'];

/** spec: shopping §2 — legend: Available, Sold out, Unavailable, Selected. */
export function SeatLegend({ title, text }: { title: string; text: (look: SeatLook) => string }) {
  return (
    <ul className={styles.legend} aria-label={title}>
      {LOOKS.map((look) => (
        <li key={look}>
          <SeatSymbol look={look} color={SEAT_GROUP_PALETTE[0]} />
          <span>{text(look)}</span>
        </li>
      ))}
    </ul>
  );
}
