import type { OrderBundle } from '@admit/contracts/checkout';
import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import { orderPaid, orderVisits } from '@/features/orders/model/order-summary';
import styles from '@/features/orders/orders.module.css';

/** What the order is for, when to come and what was paid (the complete page's summary). */
export function OrderSummary({ bundle, labelledBy }: { bundle: OrderBundle; labelledBy: string }) {
  const t = useStrings(ORDERS_STRINGS);
  const config = useSellerConfig();
  const visits = orderVisits(bundle, config.timezone);
  const paid = orderPaid(bundle);
  return (
    <div className={styles.summary}>
      <ul className={styles.visits} aria-labelledby={labelledBy}>
        {visits.map((visit) => (
          <li key={visit.key}>
            <h3>{visit.eventName}</h3>
            {visit.when && <p className={styles.when}>{visit.when}</p>}
            <ul className={styles.lines}>
              {visit.lines.map((line) => (
                <li key={line.typeName}>
                  {t('orders.summary.line', { count: line.count, type: line.typeName })}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {paid && (
        <p className={styles.paid}>
          {t('orders.summary.paid')}{' '}
          <strong>{formatMoney(paid.amount, paid.currency, config.locale)}</strong>
        </p>
      )}
    </div>
  );
}
