import type { OrderBundle } from '@admit/contracts/checkout';
import { admitsByTicketCode } from '@admit/contracts/rules/admission';
import { isCancelledState } from '@admit/contracts/rules/self-edit';

/**
 * What an order holds, as the completed page speaks of it (issue #25): tickets that open the
 * door (their QR code is shown at the entrance), a membership, a gift to someone else, a
 * donation, or something else (a gift card). Tickets win: an order with any admission is told
 * about its QR code whatever else it holds.
 */
export type OrderContents = 'tickets' | 'membership' | 'gift' | 'donation' | 'other';

export function orderContents(bundle: OrderBundle, orderId: string): OrderContents {
  const order = bundle.ticket_order._data.find((o) => o.id === orderId);
  const handlerOf = new Map(bundle.ticket_group._data.map((g) => [g.id, g.handler]));
  const handlers = bundle.ticket._data
    .filter((t) => t.ticket_order_id === orderId && !isCancelledState(t.state))
    .map((t) => handlerOf.get(t.ticket_group_id));
  if (handlers.some((h) => admitsByTicketCode(h))) return 'tickets';
  if (order?.giftee_identity_id) return 'gift';
  if (handlers.includes('membership')) return 'membership';
  if (handlers.includes('donation')) return 'donation';
  return 'other';
}

/** The contents of several orders read together: tickets if any has them, else the first's. */
export function combinedContents(contents: readonly OrderContents[]): OrderContents {
  if (contents.includes('tickets')) return 'tickets';
  return contents[0] ?? 'other';
}
