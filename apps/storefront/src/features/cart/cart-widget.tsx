import { ButtonLink } from '@/ui/button';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { CART_STRINGS } from '@/features/cart/strings';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CartTimer } from '@/features/cart/components/cart-timer';
import { useCartView } from '@/features/cart/use-cart-view';
import styles from '@/features/cart/components/cart-widget.module.css';

/** The sidebar cart widget (shopping §2 "Cart widget and modals"); hidden on phones. */
export function CartWidget() {
  const t = useStrings(CART_STRINGS);
  const { items } = useCartView();
  const onCheckout = useRouteName() === 'checkout';
  return (
    <aside
      aria-labelledby="cart-widget-heading"
      className={styles.widget}
      data-empty={items.length === 0 || undefined}
    >
      <h2 id="cart-widget-heading" className={styles.heading}>
        {t('cart.heading')}
      </h2>
      <CartTimer />
      <CartContents />
      {items.length > 0 && !onCheckout && (
        <ButtonLink to={CHECKOUT_ROUTE} fullWidth className={styles.proceed}>
          {t('cart.proceed')}
        </ButtonLink>
      )}
    </aside>
  );
}
