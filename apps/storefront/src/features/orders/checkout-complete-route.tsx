import { useContext, useEffect } from 'react';
import type { CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  QR_SIZE_PX,
  orderQrCodeUrl,
  useTicketOrders,
} from '@/features/orders/api/get-ticket-order';
import { clearCart, getCartState } from '@/stores/cart-store';
import { orderProof } from '@/stores/order-secrets';
import { ServerVisitorContext } from '@/stores/server-visitor';
import { parseOrderIds } from '@admit/contracts/storefront-pages';
import { Loader } from '@/ui/loader';
import { PriorityImageSink } from '@/ui/priority-image-sink';
import { usePageTitle } from '@/ui/page-title';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import { OrderSeats } from '@/features/orders/order-seats';
import { OrderSummary } from '@/features/orders/order-summary';
import { OrderAnswers } from '@/features/orders/order-answers';
import { completedMeta, externalCompletedUrl } from '@/features/orders/model/seller-meta';
import { combinedContents, orderContents } from '@/features/orders/model/order-contents';
import type { OrderContents } from '@/features/orders/model/order-contents';
import styles from '@/features/orders/orders.module.css';

/**
 * An order's QR code; the first is the page's largest image: a server render names it for the
 * head's preload (decision 0045), so it is fetched with the styles rather than after the scripts.
 */
function OrderQrCode({ first, src, alt }: { first: boolean; src: string; alt: string }) {
  const collect = useContext(PriorityImageSink);
  if (first) collect?.({ srcSet: src, sizes: `${QR_SIZE_PX}px`, type: 'image/png' });
  return (
    <img
      className={styles.qr}
      src={src}
      width={QR_SIZE_PX}
      height={QR_SIZE_PX}
      alt={alt}
      fetchPriority={first ? 'high' : undefined}
    />
  );
}

type Translate = (key: keyof typeof ORDERS_STRINGS & string) => string;

/**
 * The page's message by what the orders hold (issue #25): the seller's message speaks of a
 * visit (its QR code at the entrance), so it is the tickets' message; a membership, a gift or a
 * donation has its own text, with no QR code to show.
 */
function completedMessage(contents: OrderContents, sellerMessage: string | null, t: Translate) {
  switch (contents) {
    case 'tickets':
      return sellerMessage ?? t('orders.complete.message');
    case 'membership':
      return t('orders.complete.message-membership');
    case 'gift':
      return t('orders.complete.message-gift');
    case 'donation':
      return t('orders.complete.message-donation');
    default:
      return t('orders.complete.message');
  }
}

/**
 * A seller's link to joining (the membership route or the membership event) is not offered to
 * a buyer who has just joined or given a membership.
 */
function offersMembership(url: string, contents: OrderContents, membershipEventId: string | null) {
  if (contents !== 'membership' && contents !== 'gift') return false;
  const path = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  return (
    /\/membership$/.test(path) ||
    (membershipEventId !== null && path.split('/').includes(membershipEventId))
  );
}

/**
 * /checkout/complete?orderIds= (identity §2 "Checkout complete"): title, the seller's message
 * or the default, background images; per order its number, a summary (what, when, how much),
 * the answers to its checkout questions (decision 0077), a QR code and a "view tickets" link; custom
 * links; an external completed-order address takes the visitor there instead.
 */
export function CheckoutCompleteRoute() {
  const t = useStrings(ORDERS_STRINGS);
  usePageTitle(t('orders.complete.title'));
  const config = useSellerConfig();
  const slug = config.seller.slug;
  const membershipEventId = config.membership.event_id;
  const [params] = useSearchParams();
  const orderIds = parseOrderIds(params.get('orderIds'));
  // a page the server drew read each order with the proof it named (decision 0045): the same
  // proof keeps the same query and QR address on both sides
  const visitor = useContext(ServerVisitorContext);
  const proofOf = (id: string) => visitor?.orderProofs[id] ?? orderProof(id);
  const queries = useTicketOrders(orderIds, proofOf);
  const first = queries[0]?.data ?? null;
  const meta = completedMeta(first?.meta?._data ?? []);
  const external = meta.externalUrl ? externalCompletedUrl(meta.externalUrl, orderIds) : null;

  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);

  // the paid cart is done: the visitor's next reserve starts a new one
  const paidCartIds = queries.flatMap(
    (q) => q.data?.ticket_order._data.map((o) => o.cart_id) ?? [],
  );
  const paidCartKey = paidCartIds.join(',');
  useEffect(() => {
    const stored = getCartState().cartId;
    if (stored && paidCartKey.split(',').includes(stored)) clearCart();
  }, [paidCartKey]);

  if (queries.some((q) => q.isPending)) return <Loader label={t('orders.loading')} />;
  if (external) return <Loader label={t('orders.complete.redirecting')} />;
  const orders = queries.flatMap((q) =>
    q.data ? q.data.ticket_order._data.map((order) => ({ order, bundle: q.data })) : [],
  );
  // issue #25: the message, the QR code and the links follow what the orders hold
  const contentsOf = new Map(
    orders.map(({ order, bundle }) => [order.id, orderContents(bundle, order.id)]),
  );
  const contents = combinedContents([...contentsOf.values()]);
  const links = meta.links.filter(
    (link) => !offersMembership(link.url, contents, membershipEventId),
  );
  const offsets = {
    '--completed-offset': meta.contentOffset ?? undefined,
    '--completed-mobile-offset': meta.contentMobileOffset ?? undefined,
  } as CSSProperties;

  return (
    <div className={styles.page}>
      {meta.image && (
        <picture className={styles.hero}>
          {meta.mobileImage && <source media="(max-width: 767px)" srcSet={meta.mobileImage} />}
          <img src={meta.image} alt={meta.imageAlt} />
        </picture>
      )}
      <div className={styles.content} style={offsets}>
        <h1>{t('orders.complete.title')}</h1>
        <p>{completedMessage(contents, meta.message, t)}</p>
        {queries.some((q) => q.isError) && (
          <p role="alert" className={styles.alert}>
            {t('orders.not-found')}
          </p>
        )}
        <ul className={styles.orders}>
          {orders.map(({ order, bundle }, index) => (
            <li key={order.id} className={styles.order}>
              <h2 id={`order-${order.id}`} className={styles.orderNumber}>
                {t('orders.complete.order', { number: order.order_number })}
              </h2>
              <OrderSummary bundle={bundle} labelledBy={`order-${order.id}`} />
              <OrderSeats bundle={bundle} />
              <OrderAnswers bundle={bundle} orderId={order.id} level={3} />
              {contentsOf.get(order.id) === 'tickets' ? (
                <>
                  <OrderQrCode
                    first={index === 0}
                    src={orderQrCodeUrl(order.id, slug, proofOf(order.id))}
                    alt={t('orders.complete.qr-alt', { number: order.order_number })}
                  />
                  <Link to={`/ticket_order/${order.id}`}>{t('orders.complete.view-tickets')}</Link>
                </>
              ) : (
                <Link to={`/ticket_order/${order.id}`}>{t('orders.complete.view-order')}</Link>
              )}
            </li>
          ))}
        </ul>
        {links.length > 0 && (
          <nav className={styles.links} aria-label={t('orders.complete.title')}>
            {links.map((link) => (
              <a key={link.url} href={link.url}>
                {link.label}
              </a>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}
