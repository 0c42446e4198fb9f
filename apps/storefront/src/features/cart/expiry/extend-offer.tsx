import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { declineExtension } from '@/stores/cart-store';
import { useExtendCart } from '@/features/cart/api/extend-cart';
import { useCart } from '@/api/cart/get-cart';
import { CART_STRINGS } from '@/features/cart/strings';
import { reportError } from '@/api/errors/report-error';
import styles from '@/features/cart/expiry/expiry-dialogs.module.css';

/**
 * The extension offer (shopping §4 "Cart timer"): confirming adds 2 minutes and reloads the
 * cart; declining is remembered so the offer does not come back for this cart.
 */
export function ExtendOffer({ onDone }: { onDone: () => void }) {
  const t = useStrings(CART_STRINGS);
  const { bundle } = useCart();
  const extend = useExtendCart();
  const confirm = async () => {
    if (!bundle) return;
    try {
      await extend.mutateAsync(bundle);
      onDone();
    } catch (error) {
      // spec: identity §8 "Extend-timer failure" — shows an error message and is reported
      console.error('cart extension failed', error);
      reportError(error, 'cart_extend');
    }
  };
  return (
    <div className={styles.body}>
      <p>{t('cart.extend_body')}</p>
      {extend.isError && (
        <p className={styles.error} role="alert">
          {t('cart.extend_error')}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            declineExtension();
            onDone();
          }}
        >
          {t('cart.extend_decline')}
        </Button>
        <Button onClick={() => void confirm()} disabled={!bundle || extend.isPending}>
          {t('cart.extend_confirm')}
        </Button>
      </div>
    </div>
  );
}
