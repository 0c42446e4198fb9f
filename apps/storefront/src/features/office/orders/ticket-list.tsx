import type { OfficeOrder } from '@admit/contracts/office-orders';
import { useStrings } from '@/ui/text/use-strings';
import { Check } from '@/ui/check';
import { Price } from '@/ui/price';
import { minorToWire } from '@/features/office/orders/money';
import { TicketScans } from '@/features/office/orders/ticket-scans';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';

type OfficeTicket = OfficeOrder['tickets_detail'][number];

/** An order's tickets to select for an action, each with its state and its scans. */
export function TicketList(props: {
  order: OfficeOrder;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const when = useVenueTime();
  const toggle = (id: string, on: boolean) =>
    props.onSelect(on ? [...props.selected, id] : props.selected.filter((x) => x !== id));
  // the admitting scan; else whether the door has seen it at all (refused scans only)
  const scanned = (ticket: OfficeTicket) =>
    ticket.redeemed_at
      ? t('office.orders.scanned', { at: when(ticket.redeemed_at), by: ticket.redeemed_by ?? '—' })
      : t(ticket.scans.length > 0 ? 'office.orders.not-admitted' : 'office.orders.not-scanned');
  return (
    <ul>
      {props.order.tickets_detail.map((ticket, index) => (
        <li key={ticket.id}>
          <Check
            isSelected={props.selected.includes(ticket.id)}
            isDisabled={ticket.state !== 'booked'}
            onChange={(on) => toggle(ticket.id, on)}
          >
            {ticket.event_name} · {ticket.ticket_type_name}
            {ticket.session_start ? ` · ${when(ticket.session_start)}` : ''} ·{' '}
            <Price amount={minorToWire(ticket.price)} /> · <strong>{ticket.state}</strong> ·{' '}
            {scanned(ticket)}
          </Check>
          <TicketScans
            scans={ticket.scans}
            caption={t('office.orders.scans.caption', {
              number: index + 1,
              type: ticket.ticket_type_name,
            })}
          />
        </li>
      ))}
    </ul>
  );
}
