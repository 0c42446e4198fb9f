import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { SEATS_STRINGS } from '@/features/seats/strings';
import type { SeatTicket } from '@/features/seats/model/seat-assignment';
import type { SeatIndex } from '@/features/seats/model/seat-selection';
import styles from '@/features/seats/selector/seat-selector.module.css';

export interface SelectedSeatsProps {
  index: SeatIndex;
  groups: readonly TicketGroupWithTypes[];
  tickets: readonly SeatTicket[];
  controlId: string;
  describedBy: string | undefined;
  onChange: () => void;
}

/** spec: shopping §2 — after confirming, the "Selected Seats" list and "Change Selected Seats". */
export function SelectedSeats({
  index,
  groups,
  tickets,
  controlId,
  describedBy,
  onChange,
}: SelectedSeatsProps) {
  const t = useStrings(SEATS_STRINGS);
  const typeName = (typeId: string) =>
    groups.flatMap((group) => group.ticketTypes).find((type) => type.id === typeId)?.name ?? '';
  return (
    <div className={styles.section}>
      <table className={styles.table}>
        <caption className={styles.heading}>{t('seats.selected_heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('seats.column_row')}</th>
            <th scope="col">{t('seats.column_seat')}</th>
            <th scope="col">{t('seats.column_type')}</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => {
            const seat = index.byId.get(ticket.seat_template_id);
            return (
              <tr key={ticket.seat_template_id}>
                <td>{seat?.row}</td>
                <td>{seat?.seat}</td>
                <td>{typeName(ticket.ticket_type_id)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button id={controlId} variant="secondary" aria-describedby={describedBy} onClick={onChange}>
        {t('seats.change')}
      </Button>
    </div>
  );
}
