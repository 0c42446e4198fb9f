import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getCart } from '@/api/cart/get-cart';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

/**
 * /checkout/pending/{cartId} (identity §2 "Checkout pending"): the reference number is the cart
 * number; a cart that already has ticket orders goes to checkout complete.
 */
export function CheckoutPendingRoute() {
  const t = useStrings(ORDERS_STRINGS);
  usePageTitle(t('orders.pending.title'));
  const { cartId = '' } = useParams();
  const query = useQuery({
    queryKey: ['pending-cart', cartId],
    queryFn: ({ signal }) => getCart(cartId, signal),
    retry: false,
  });
  if (query.isPending) return <Loader label={t('orders.loading')} />;
  if (query.isError || !query.data.cart._data[0]) {
    return (
      <p role="alert" className={styles.alert}>
        {t('orders.not-found')}
      </p>
    );
  }
  const orders = query.data.ticket_order?._data ?? [];
  if (orders.length > 0) {
    return (
      <Navigate to={`/checkout/complete?orderIds=${orders.map((o) => o.id).join(',')}`} replace />
    );
  }
  return (
    <div className={styles.page}>
      <h1>{t('orders.pending.title')}</h1>
      <p>{t('orders.pending.message')}</p>
      <p>
        {t('orders.pending.reference')}:{' '}
        <span className={styles.reference}>{query.data.cart._data[0].cart_number}</span>
      </p>
    </div>
  );
}
