import { Link } from 'react-router';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { useMyOrders } from '@/features/account/api/get-my-orders';
import { orderSummaries } from '@/features/account/model/order-summaries';
import { ReadFailure } from '@/features/account/components/read-failure';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * spec: identity §2 "Recent orders" (/my/orders): newest first (§4), columns Order #, Order
 * date ('ddd, MMMM D YYYY', §9), Order contents ('{n} events – {n} tickets') and a View link to
 * /my/orders/{id}; 'You have no recent orders.' when there are none.
 */
export function OrdersRoute() {
  const t = useStrings(ACCOUNT_STRINGS);
  usePageTitle(t('account.orders.title'));
  const { timezone, locale } = useSellerConfig();
  const query = useMyOrders(null);
  if (query.isPending) return <Loader label={t('account.orders.loading')} />;
  if (query.isError) return <ReadFailure retry={() => void query.refetch()} />;
  const orders = orderSummaries(query.data).filter((o) => o.numTickets > 0);
  return (
    <div className={styles.content}>
      <h1>{t('account.orders.title')}</h1>
      {orders.length === 0 ? (
        <p>{t('account.orders.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('account.orders.number')}</th>
              <th scope="col">{t('account.orders.date')}</th>
              <th scope="col">{t('account.orders.contents')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.ticketOrderId}>
                <th scope="row">{order.orderNumber}</th>
                <td>
                  {formatInZone(order.purchasedAt, dateFormatsFor(locale).orderDate, timezone)}
                </td>
                <td>
                  {t('account.orders.contents_value', {
                    events: order.numSessions,
                    tickets: order.numTickets,
                  })}
                </td>
                <td>
                  <Link
                    to={`/my/orders/${encodeURIComponent(order.ticketOrderId)}`}
                    aria-label={t('account.orders.view_label', {
                      order_number: order.orderNumber,
                    })}
                  >
                    {t('account.orders.view')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
