import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import styles from '@/features/cart/expiry/expiry-dialogs.module.css';

/** "Cart timed out" with "Start over" (shopping §8 availability texts, §2 cart-expired screen). */
export function ExpiredNotice({ onStartOver }: { onStartOver: () => void }) {
  const t = useStrings(CART_STRINGS);
  return (
    <div className={styles.body}>
      <p>{t('cart.expired_body')}</p>
      <div className={styles.actions}>
        <Button onClick={onStartOver}>{t('cart.start_over')}</Button>
      </div>
    </div>
  );
}
