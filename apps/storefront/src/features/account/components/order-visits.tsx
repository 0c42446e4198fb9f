import type { TicketOrderListResponse } from '@admit/contracts/account';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { useStrings } from '@/ui/text/use-strings';
import { useSellerConfig } from '@/config/seller-config';
import { ticketNames, type OrderVisit } from '@/features/account/model/order-summaries';
import { EventThumbnail } from '@/features/account/components/event-thumbnail';
import type { EventFacts } from '@/features/account/use-event-facts';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

export interface OrderVisitsProps {
  orders: TicketOrderListResponse;
  visits: OrderVisit[];
  facts: (eventId: string) => EventFacts;
}

/** The order detail's events list (identity §2): each event's picture, name, visit and tickets. */
export function OrderVisits({ orders, visits, facts }: OrderVisitsProps) {
  const { locale } = useSellerConfig();
  const t = useStrings(ACCOUNT_STRINGS);
  return (
    <section aria-labelledby="order-events" className={styles.content}>
      <h2 id="order-events">{t('account.order.events')}</h2>
      <ul className={styles.visits}>
        {visits.map((visit) => {
          const { image, timeZone, ticketDateTime } = facts(visit.eventId);
          // null with a session: the event hides its ticket dates (ticket_date_time hidden)
          const when = visit.session
            ? sessionWhenLabel(visit.session, timeZone, locale, ticketDateTime)
            : t('account.order.any_date');
          const lines = new Map<string, number>();
          for (const ticket of visit.tickets) {
            const type = ticketNames(orders, ticket).type;
            lines.set(type, (lines.get(type) ?? 0) + 1);
          }
          return (
            <li key={visit.key} className={styles.visit}>
              <EventThumbnail image={image} />
              <div className={styles.cardText}>
                <h3>{visit.name}</h3>
                {when && <p>{when}</p>}
                <ul className={styles.ticketLines}>
                  {[...lines].map(([type, count]) => (
                    <li key={type}>{t('account.order.ticket_line', { count, type })}</li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
