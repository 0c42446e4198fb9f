import type { OrderBundle } from '@admit/contracts/checkout';
import { decimalToMinor, formatMoney } from '@admit/contracts/money';
import { ButtonLink } from '@/ui/button';
import { ScheduledPaymentList } from '@/ui/scheduled-payment-list';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

/**
 * An order that still has a balance (scheduled payments, identity §3, §4): the balance, the
 * installments left and a link to pay it at /checkout/{cart_id} (decision 0021). Nothing when
 * the order is paid up or the server sends no outstanding total.
 */
export function OrderBalance({ bundle }: { bundle: OrderBundle }) {
  const t = useStrings(ORDERS_STRINGS);
  const config = useSellerConfig();
  const order = bundle.ticket_order._data[0];
  const fees = bundle.ticket_order_fees._data.find((f) => f.ticket_order_id === order?.id);
  if (!order || !fees?.total_outstanding || decimalToMinor(fees.total_outstanding) <= 0) {
    return null;
  }
  const currency = fees.currency_code;
  const schedule = [...(bundle.scheduled_payment?._data ?? [])].sort((a, b) =>
    a.dueDate.localeCompare(b.dueDate),
  );
  return (
    <section
      className={`${styles.balance} ${styles.noPrint}`}
      aria-labelledby="order-balance-heading"
    >
      <h2 id="order-balance-heading">
        {t('orders.balance.title', {
          amount: formatMoney(fees.total_outstanding, currency, config.locale),
        })}
      </h2>
      {schedule.length > 0 && (
        <ScheduledPaymentList
          payments={schedule}
          currency={currency}
          labelledBy="order-balance-heading"
        />
      )}
      <ButtonLink to={`/checkout/${encodeURIComponent(order.cart_id)}`}>
        {t('orders.balance.pay')}
      </ButtonLink>
    </section>
  );
}
