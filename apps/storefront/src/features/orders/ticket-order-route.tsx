import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { useWalletLinks } from '@/api/wallet/get-wallet-precheck';
import { orderProof } from '@/stores/order-secrets';
import {
  QR_SIZE_PX,
  orderQrCodeUrl,
  ticketQrCodeUrl,
  useTicketOrder,
} from '@/features/orders/api/get-ticket-order';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import { OrderBalance } from '@/features/orders/order-balance';
import { ticketWhen, usableTickets } from '@/features/orders/model/order-summary';
import { OrderSummary } from '@/features/orders/order-summary';
import { OrderAnswers } from '@/features/orders/order-answers';
import { useTicketSeats } from '@/features/orders/use-ticket-seats';
import { TicketCard } from '@/features/orders/ticket-card';
import { grantsEntry } from '@admit/contracts/rules/admission';
import styles from '@/features/orders/orders.module.css';

/**
 * /ticket_order/{id}[?secret=] (identity §2): the order's tickets, each with its own QR code,
 * printable (a print stylesheet keeps the order and its tickets, black on white, one ticket to a
 * page). 404 → "We could not find that order." (§8).
 */
export function TicketOrderRoute() {
  const t = useStrings(ORDERS_STRINGS);
  usePageTitle(t('orders.ticket-order.title'));
  const { seller, timezone, locale } = useSellerConfig();
  const slug = seller.slug;
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const secret = params.get('secret') ?? orderProof(id).secret ?? null;
  const query = useTicketOrder(id, params.get('secret'));
  // spec: issue #22 — only what admits someone is a ticket with a code (rules/admission.ts);
  // a donation or a gift card reads as a line of the receipt above
  const tickets = query.data
    ? usableTickets(query.data).filter((ticket) =>
        grantsEntry(
          query.data.ticket_group._data.find((g) => g.id === ticket.ticket_group_id)?.handler,
        ),
      )
    : [];
  // spec: identity §2 — add-to-wallet buttons only when walletprecheck offers them
  const walletLinks = useWalletLinks(tickets[0]?.id ?? null, secret);
  const seats = useTicketSeats(tickets);
  if (query.isPending) return <Loader label={t('orders.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" className={styles.alert}>
        {t(notFound ? 'orders.not-found' : 'orders.error')}
      </p>
    );
  }
  const bundle = query.data;
  const order = bundle.ticket_order._data[0];
  if (!order) {
    return (
      <p role="alert" className={styles.alert}>
        {t('orders.not-found')}
      </p>
    );
  }
  // the address's secret, else what this browser remembers: the QR images need the same proof
  const proof = secret ? { secret } : orderProof(id);
  return (
    <div className={styles.page}>
      <h1>{t('orders.ticket-order.title')}</h1>
      <h2 id="ticket-order-number">
        {t('orders.ticket-order.order', { number: order.order_number })}
      </h2>
      <OrderSummary bundle={bundle} labelledBy="ticket-order-number" />
      <img
        className={styles.qr}
        src={orderQrCodeUrl(order.id, slug, proof)}
        width={QR_SIZE_PX}
        height={QR_SIZE_PX}
        alt={t('orders.complete.qr-alt', { number: order.order_number })}
      />
      <OrderBalance bundle={bundle} />
      <OrderAnswers bundle={bundle} />
      <div className={styles.noPrint}>
        <Button onClick={() => window.print()}>{t('orders.ticket-order.print')}</Button>
      </div>
      <ul className={styles.tickets}>
        {tickets.map((ticket) => (
          <TicketCard
            key={ticket.id}
            bundle={bundle}
            ticket={ticket}
            when={ticketWhen(bundle, ticket, timezone, locale)}
            seat={(ticket.seat_template_id && seats.get(ticket.seat_template_id)) || null}
            qrSrc={ticketQrCodeUrl(order.id, ticket.id, slug, proof)}
            qrSizePx={QR_SIZE_PX}
            wallet={walletLinks(ticket.id)}
          />
        ))}
      </ul>
    </div>
  );
}
