import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { CartItemRow } from '@/features/cart/components/cart-item-row';
import { CartTotals } from '@/features/cart/components/cart-totals';
import { showsDependencyWarning } from '@/features/cart/model/removal-plan';
import { useCartView } from '@/features/cart/use-cart-view';
import { useRemoveCartItem } from '@/features/cart/use-remove-cart-item';
import styles from '@/features/cart/components/cart-widget.module.css';

/** Items grouped by event and session, removal, and totals; or the loading/empty/error state. */
export function CartContents() {
  const t = useStrings(CART_STRINGS);
  const view = useCartView();
  const removal = useRemoveCartItem(view.cartId, view.items);
  if (view.isPending) return <p className={styles.muted}>{t('cart.loading')}</p>;
  if (view.isError && !view.bundle) {
    return (
      <div role="alert">
        <p className={styles.muted}>{t('cart.error')}</p>
        <Button variant="secondary" onClick={() => void view.refetch()}>
          {t('cart.retry')}
        </Button>
      </div>
    );
  }
  if (view.items.length === 0) return <p className={styles.muted}>{t('cart.empty')}</p>;
  return (
    <>
      <ul className={styles.items}>
        {view.items.map((item) => (
          <CartItemRow
            key={item.id}
            item={item}
            dependencyWarning={showsDependencyWarning(item, view.items)}
            onConfirmRemoval={() => removal.remove(item)}
            isRemoving={removal.isPending}
            removalFailed={removal.isError}
          />
        ))}
      </ul>
      {view.fees && <CartTotals fees={view.fees} />}
    </>
  );
}
