import type { CartFees } from '@admit/contracts/cart';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { toCartTotals } from '@/features/cart/model/cart-totals';
import type { TotalLineKey } from '@/features/cart/model/cart-totals';
import styles from '@/features/cart/components/cart-widget.module.css';

const LABELS: Record<TotalLineKey, keyof typeof CART_STRINGS> = {
  subtotal: 'cart.subtotal',
  service_charges: 'cart.service_charges',
  tax: 'cart.tax',
  discounts: 'cart.discounts',
  payments: 'cart.payments',
};

/** Subtotal, "Service charges", "Tax", discounts and payments, then the total (shopping §9). */
export function CartTotals({ fees }: { fees: CartFees }) {
  const t = useStrings(CART_STRINGS);
  const totals = toCartTotals(fees);
  return (
    <dl className={styles.totals}>
      {totals.lines.map((line) => (
        <div key={line.key} className={styles.totalLine}>
          <dt>{t(LABELS[line.key])}</dt>
          <dd>
            <Price amount={line.amount} />
          </dd>
        </div>
      ))}
      <div className={`${styles.totalLine} ${styles.grandTotal}`}>
        <dt>{t('cart.total')}</dt>
        <dd>
          <Price amount={totals.total} />
        </dd>
      </div>
    </dl>
  );
}
