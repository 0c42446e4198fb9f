import type { TicketType } from '@admit/contracts/resources';
import { useSellerConfig } from '@/config/seller-config';
import { useShownPrice } from '@/config/use-shown-price';
import { formatMoney } from '@admit/contracts/money';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import styles from '@/features/event/components/selection-area.module.css';

interface TicketGroupsPanelProps {
  heading: string;
  ticketGroups: TicketGroupWithTypes[];
}

function usePriceLabel() {
  const { currency, locale } = useSellerConfig();
  const t = useStrings(EVENT_STRINGS);
  const shown = useShownPrice();
  return (type: TicketType) => {
    const money = (amount: string) => formatMoney(amount, currency, locale);
    // flexible prices (donations, pay-what-you-wish) show their allowed range
    if (type.currency_amount_min !== null && type.currency_amount_max !== null) {
      return t('event.price_range', {
        min: money(type.currency_amount_min),
        max: money(type.currency_amount_max),
      });
    }
    // decision 0048: with the fees the seller's prices include
    return money(shown(type.currency_amount, type));
  };
}

/**
 * The ticket groups and types a reserve form will offer, with their prices. The forms
 * themselves (date-first, quantity-first, single, membership, one-ticket) come with the
 * reserve issue; until then the panel says so where the form will go.
 */
export function TicketGroupsPanel({ heading, ticketGroups }: TicketGroupsPanelProps) {
  const t = useStrings(EVENT_STRINGS);
  const priceLabel = usePriceLabel();
  return (
    <section aria-labelledby="selection-heading" className={styles.panel}>
      <h2 id="selection-heading" className={styles.heading}>
        {heading}
      </h2>
      {ticketGroups.map(({ ticketGroup, ticketTypes }) => (
        <div key={ticketGroup.id} className={styles.group}>
          <h3 className={styles.groupName}>{ticketGroup.name}</h3>
          {ticketGroup.summary && <p className={styles.groupSummary}>{ticketGroup.summary}</p>}
          <ul className={styles.types}>
            {ticketTypes.map((type) => (
              <li
                key={type.id}
                className={styles.type}
                aria-disabled={!type.available || undefined}
              >
                <span className={styles.typeName}>{type.name}</span>{' '}
                <span className={styles.typePrice}>
                  {type.available ? priceLabel(type) : t('event.type_unavailable')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className={styles.nextRelease}>{t('event.reserve_next_release')}</p>
    </section>
  );
}
