import { Price } from '@/ui/price';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { MobilePayButton } from '@/features/checkout/components/mobile-pay-button';
import styles from '@/features/checkout/components/balance-footer.module.css';

/**
 * The phone footer of balance mode (identity §2 Checkout "mobile footer (cart button, total, pay
 * button)"). The cart's footer reads the live cart, which an order's completed cart is not, so
 * balance mode has its own: the balance left and the pay button that submits the balance form.
 * No cart button: the order's tickets are booked and there is no cart to open (decision 0021).
 */
export function BalanceFooter({
  outstanding,
  label,
}: {
  outstanding: string;
  /** what the total is called (default: the balance to pay) */
  label?: string;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  if (!phone) return null;
  return (
    <div className={styles.footer} data-testid="mobile-balance-footer">
      <p className={styles.total}>
        <span className={styles.totalLabel}>{label ?? t('checkout.balance.footer-total')}</span>
        <Price amount={outstanding} />
      </p>
      <MobilePayButton />
    </div>
  );
}
