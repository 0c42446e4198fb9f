import type { CartBundle } from '@admit/contracts/cart';
import { ScheduledPaymentList } from '@/ui/scheduled-payment-list';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { scheduledPayments } from '@/features/checkout/model/partial-payment';
import { toMoney } from '@/features/checkout/model/checkout-view';
import styles from '@/features/checkout/checkout.module.css';

/**
 * "Scheduled payments" (identity §2 "Checkout" sections, §3, §4): the installments still to pay
 * and the cart balance, shown only when the cart has scheduled payments.
 */
export function ScheduleSection({
  bundle,
  outstanding,
}: {
  bundle: CartBundle;
  outstanding: number;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const payments = scheduledPayments(bundle);
  if (payments.length === 0) return null;
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  return (
    <section className={styles.section} aria-labelledby="checkout-schedule-heading">
      <h2 id="checkout-schedule-heading">{t('checkout.schedule.title')}</h2>
      <ScheduledPaymentList
        payments={payments}
        currency={currency}
        labelledBy="checkout-schedule-heading"
      />
      {/* spec: identity §4 — "The cart balance is shown when scheduled payments exist" */}
      <p>
        {t('checkout.schedule.balance', {
          amount: formatMoney(toMoney(outstanding), currency, config.locale),
        })}
      </p>
    </section>
  );
}
