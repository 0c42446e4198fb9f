import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import styles from '@/features/event/components/event-page.module.css';

/** The sidebar cart widget until the cart feature replaces it (shopping §2 "the cart widget"). */
export function CartWidgetPlaceholder() {
  const t = useStrings(EVENT_STRINGS);
  return (
    <aside aria-labelledby="event-cart-heading" className={styles.cartWidget} data-empty>
      <h2 id="event-cart-heading" className={styles.cartHeading}>
        {t('event.cart_heading')}
      </h2>
      <p className={styles.cartEmpty}>{t('event.cart_empty')}</p>
    </aside>
  );
}
