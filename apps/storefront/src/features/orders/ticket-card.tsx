import type { OrderBundle } from '@admit/contracts/checkout';
import { AddToWallet } from '@/ui/wallet/add-to-wallet';
import { useStrings } from '@/ui/text/use-strings';
import { ORDERS_STRINGS } from '@/features/orders/strings';
import styles from '@/features/orders/orders.module.css';

type OrderTicket = OrderBundle['ticket']['_data'][number];

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

export interface TicketCardProps {
  bundle: OrderBundle;
  ticket: OrderTicket;
  /** the visit as the event's ticket_date_time reads it (order-summary.ts ticketWhen) */
  when: string | null;
  seat: string | null;
  /** the ticket's own QR image (get-ticket-order.ts ticketQrCodeUrl); null: no scan code */
  qrSrc: string | null;
  qrSizePx: number;
  wallet: { apple: string | null; google: string | null };
}

/**
 * One ticket of the tickets page (identity §2; issue #25): what, when, where and who beside its
 * own QR code, the code the door scans; on paper one to a page, black on white (orders.module.css).
 */
export function TicketCard({
  bundle,
  ticket,
  when,
  seat,
  qrSrc,
  qrSizePx,
  wallet,
}: TicketCardProps) {
  const t = useStrings(ORDERS_STRINGS);
  const name = (list: { id: string; name: string }[], key: string) =>
    list.find((x) => x.id === key)?.name ?? '';
  const typeName = name(bundle.ticket_type._data, ticket.ticket_type_id);
  return (
    <li className={styles.ticket}>
      <div className={styles.ticketText}>
        <h3>{name(bundle.event_template._data, ticket.event_template_id)}</h3>
        <WhenLine when={when} />
        <VenueLine bundle={bundle} eventTemplateId={ticket.event_template_id} />
        <p>{typeName}</p>
        {seat && <p>{t('orders.ticket-order.seat', { seat })}</p>}
        {ticket.admit_name && <p>{t('orders.ticket-order.admit', { name: ticket.admit_name })}</p>}
        {ticket.scan_code && (
          <p>
            {t('orders.ticket-order.scan-code')}: <code>{ticket.scan_code}</code>
          </p>
        )}
        <AddToWallet
          appleHref={wallet.apple}
          googleHref={wallet.google}
          item={[typeName, ticket.scan_code].filter(Boolean).join(' ')}
        />
      </div>
      {qrSrc && ticket.scan_code && (
        <img
          className={styles.ticketQr}
          src={qrSrc}
          width={qrSizePx}
          height={qrSizePx}
          alt={t('orders.ticket-order.qr-alt', { code: ticket.scan_code })}
        />
      )}
    </li>
  );
}
