import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import styles from '@/features/listing/components/cart-widget-placeholder.module.css';

/**
 * The sidebar's place until the app plugs the cart feature's widget in (shopping §2 "A cart
 * widget"). It says nothing about the cart: the empty-cart text has one home, the cart
 * feature's `cart.empty`, so a seller's override of it reaches every page (issue #25).
 */
export function CartWidgetPlaceholder() {
  const t = useStrings(LISTING_STRINGS);
  return (
    <aside aria-labelledby="listing-cart-heading" className={styles.widget}>
      <h2 id="listing-cart-heading" className={styles.heading}>
        {t('listing.cart_heading')}
      </h2>
    </aside>
  );
}
