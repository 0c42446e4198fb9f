import type { OrderBundle } from '@admit/contracts/checkout';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { useWalletLinks } from '@/api/wallet/get-wallet-precheck';
import { orderProof } from '@/stores/order-secrets';
import { AddToWallet } from '@/ui/wallet/add-to-wallet';
import { QR_SIZE_PX, orderQrCodeUrl, useTicketOrder } from '@/features/orders/api/get-ticket-order';
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
import { grantsEntry } from '@admit/contracts/rules/admission';
import styles from '@/features/orders/orders.module.css';

/** spec: identity §2 — the tickets say when to come, in the venue's zone (shopping §9 formats). */
function WhenLine({ when }: { when: string | null }) {
  const t = useStrings(ORDERS_STRINGS);
  if (!when) return null;
  return <p className={styles.when}>{t('orders.ticket-order.when', { when })}</p>;
}

/** Where to come (issue #25): the event's venue, its name and address, on every ticket. */
function VenueLine({ bundle, eventTemplateId }: { bundle: OrderBundle; eventTemplateId: string }) {
  const t = useStrings(ORDERS_STRINGS);
  const venueId = bundle.event_template._data.find((e) => e.id === eventTemplateId)?.venue_id;
  const venue = bundle.venue?._data.find((v) => v.id === venueId);
  if (!venue) return null;
  const where = [venue.name, venue.address].filter(Boolean).join(', ');
  return <p>{t('orders.ticket-order.where', { where })}</p>;
}

/**
 * /ticket_order/{id}[?secret=] (identity §2): the order's tickets with the QR code, printable
 * (a print stylesheet keeps only the tickets). 404 → "We could not find that order." (§8).
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
  const name = (list: { id: string; name: string }[], key: string) =>
    list.find((x) => x.id === key)?.name ?? '';
  return (
    <div className={styles.page}>
      <h1>{t('orders.ticket-order.title')}</h1>
      <h2 id="ticket-order-number">
        {t('orders.ticket-order.order', { number: order.order_number })}
      </h2>
      <OrderSummary bundle={bundle} labelledBy="ticket-order-number" />
      <img
        className={styles.qr}
        src={orderQrCodeUrl(order.id, slug)}
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
          <li key={ticket.id} className={styles.ticket}>
            <h3>{name(bundle.event_template._data, ticket.event_template_id)}</h3>
            <WhenLine when={ticketWhen(bundle, ticket, timezone, locale)} />
            <VenueLine bundle={bundle} eventTemplateId={ticket.event_template_id} />
            <p>{name(bundle.ticket_type._data, ticket.ticket_type_id)}</p>
            {ticket.seat_template_id && seats.has(ticket.seat_template_id) && (
              <p>{t('orders.ticket-order.seat', { seat: seats.get(ticket.seat_template_id)! })}</p>
            )}
            {ticket.admit_name && (
              <p>{t('orders.ticket-order.admit', { name: ticket.admit_name })}</p>
            )}
            {ticket.scan_code && (
              <p>
                {t('orders.ticket-order.scan-code')}: <code>{ticket.scan_code}</code>
              </p>
            )}
            <AddToWallet
              appleHref={walletLinks(ticket.id).apple}
              googleHref={walletLinks(ticket.id).google}
              item={[name(bundle.ticket_type._data, ticket.ticket_type_id), ticket.scan_code]
                .filter(Boolean)
                .join(' ')}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
