import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import styles from '@/features/event/components/event-page.module.css';

/**
 * The sidebar's place until the app plugs the cart feature's widget in (shopping §2 "A cart
 * widget"). It says nothing about the cart: the empty-cart text has one home, the cart
 * feature's `cart.empty`, so a seller's override of it reaches every page (issue #25).
 */
export function CartWidgetPlaceholder() {
  const t = useStrings(EVENT_STRINGS);
  return (
    <aside aria-labelledby="event-cart-heading" className={styles.cartWidget} data-empty>
      <h2 id="event-cart-heading" className={styles.cartHeading}>
        {t('event.cart_heading')}
      </h2>
    </aside>
  );
}
