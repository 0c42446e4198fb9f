import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import { getCart } from '@/api/cart/get-cart';
import { clearCart, getCartState } from '@/stores/cart-store';
import { rememberOrderCart } from '@/stores/order-secrets';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

/** How often the page asks whether the payment has settled (the server decides; decision 0018). */
export const PENDING_POLL_MS = 3000;

type PendingView = 'orders' | 'processing' | 'failed' | 'waiting';

export function pendingView(bundle: CartBundle): PendingView {
  if ((bundle.ticket_order?._data.length ?? 0) > 0) return 'orders';
  const payments = bundle.payment?._data ?? [];
  if (payments.some((p) => p.state === 'processing')) return 'processing';
  const last = payments.at(-1);
  return last?.state === 'failed' ? 'failed' : 'waiting';
}

/**
 * /checkout/pending/{cartId} (identity §2 "Checkout pending"): the reference number is the cart
 * number; a cart that already has ticket orders goes to checkout complete. While a payment is
 * processing the page asks again every few seconds, so the visitor is taken on when it settles;
 * a payment that failed says so (the card was not charged) and, while the cart is still held,
 * leads back to its checkout.
 */
export function CheckoutPendingRoute() {
  const t = useStrings(ORDERS_STRINGS);
  usePageTitle(t('orders.pending.title'));
  const { cartId = '' } = useParams();
  const query = useQuery({
    queryKey: ['pending-cart', cartId],
    queryFn: ({ signal }) => getCart(cartId, signal),
    retry: false,
    refetchInterval: (q) =>
      q.state.data && pendingView(q.state.data) === 'processing' ? PENDING_POLL_MS : false,
  });

  // the cart is being paid for: no timer or expiry dialog for it while the payment settles
  useEffect(() => {
    if (getCartState().cartId === cartId) clearCart();
  }, [cartId]);

  const bundle = query.data;
  const orders = bundle?.ticket_order?._data ?? [];

  if (query.isPending) return <Loader label={t('orders.loading')} />;
  if (query.isError || !bundle?.cart._data[0]) {
    return (
      <p role="alert" className={styles.alert}>
        {t('orders.not-found')}
      </p>
    );
  }
  const cart = bundle.cart._data[0];
  const view = pendingView(bundle);
  if (view === 'orders') {
    // an order made when the payment settled reached this browser with no secret; remembered
    // before the complete page reads it (idempotent storage write)
    for (const order of orders) rememberOrderCart(order.id, cartId);
    const orderIds = orders.map((o) => o.id).join(',');
    return <Navigate to={`/checkout/complete?orderIds=${orderIds}`} replace />;
  }
  const held = cart.state === 'pending' && (cart.expires_in ?? 0) > 0;
  return (
    <div className={styles.page}>
      <h1>{t(view === 'failed' ? 'orders.pending.failed-title' : 'orders.pending.title')}</h1>
      {view === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>
            {t('orders.pending.failed')}
          </p>
          <p>
            <Link to={held ? `/checkout/${encodeURIComponent(cart.id)}` : '/events'}>
              {t(held ? 'orders.pending.retry' : 'orders.pending.browse')}
            </Link>
          </p>
        </>
      ) : (
        <p role="status">{t('orders.pending.message')}</p>
      )}
      <p>
        {t('orders.pending.reference')}:{' '}
        <span className={styles.reference}>{cart.cart_number}</span>
      </p>
    </div>
  );
}
