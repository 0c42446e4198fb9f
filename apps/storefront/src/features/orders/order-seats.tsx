import { useId } from 'react';
import type { JSX } from 'react';
import { usableTickets, type ReceiptBundle } from '@/features/orders/model/order-summary';
import { useTicketSeats } from '@/features/orders/use-ticket-seats';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/orders/orders.module.css';

/**
 * The seats an order bought (issue #24), one line per seated ticket ("Seat: Stalls, Row F,
 * seat 12") as the tickets page names them; nothing for an order without seats, or while the
 * session's seat map is still on its way.
 */
export function OrderSeats({ bundle }: { bundle: ReceiptBundle }): JSX.Element | null {
  const t = useStrings(ORDERS_STRINGS);
  const headingId = useId();
  const tickets = usableTickets(bundle);
  const seats = useTicketSeats(tickets);
  const names = tickets
    .map((ticket) => (ticket.seat_template_id ? seats.get(ticket.seat_template_id) : undefined))
    .filter((name): name is string => name !== undefined);
  if (names.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('orders.complete.seats')}</h3>
      <ul className={styles.lines}>
        {names.map((name) => (
          <li key={name}>{t('orders.ticket-order.seat', { seat: name })}</li>
        ))}
      </ul>
    </section>
  );
}
