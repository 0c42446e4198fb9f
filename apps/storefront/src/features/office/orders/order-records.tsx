import type { OfficeOrder } from '@admit/contracts/office-orders';
import { useStrings } from '@/ui/text/use-strings';
import { Price } from '@/ui/price';
import { minorToWire } from '@/features/office/orders/money';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';

/** An order's payments, refunds, mails, and its notes and staff actions. */
export function OrderRecords({ order }: { order: OfficeOrder }) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const when = useVenueTime();
  return (
    <>
      <h2>{t('office.orders.payments')}</h2>
      <ul>
        {order.payments.map((p) => (
          <li key={p.id}>
            {when(p.created_at)} · {p.gateway}
            {p.card_last4 ? ` ····${p.card_last4}` : ''} · <Price amount={minorToWire(p.amount)} />{' '}
            · {p.state}
          </li>
        ))}
      </ul>
      <h2>{t('office.orders.refunds')}</h2>
      <ul>
        {order.refunds.map((r) => (
          <li key={r.id}>
            {when(r.created_at)} · <Price amount={minorToWire(r.amount)} /> · {r.state} · {r.reason}
          </li>
        ))}
      </ul>
      <h2>{t('office.orders.mails')}</h2>
      <ul>
        {order.mails.map((m) => (
          <li key={m.id}>
            {when(m.created_at)} · {m.subject} · {m.to} · {m.status}
          </li>
        ))}
      </ul>
      <h2>{t('office.orders.history')}</h2>
      <ul>
        {order.history.map((h) => (
          <li key={h.id}>
            {when(h.at)} · {h.actor} · {h.action}
            {h.reason ? `: ${h.reason}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
