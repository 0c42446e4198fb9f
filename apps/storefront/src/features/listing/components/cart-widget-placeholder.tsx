import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import styles from '@/features/listing/components/cart-widget-placeholder.module.css';

/** The sidebar cart widget until the cart feature replaces it (shopping §2 "A cart widget"). */
export function CartWidgetPlaceholder() {
  const t = useStrings(LISTING_STRINGS);
  return (
    <aside aria-labelledby="listing-cart-heading" className={styles.widget}>
      <h2 id="listing-cart-heading" className={styles.heading}>
        {t('listing.cart_heading')}
      </h2>
      <p className={styles.empty}>{t('listing.cart_empty')}</p>
    </aside>
  );
}
