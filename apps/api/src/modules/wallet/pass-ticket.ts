import { eq } from 'drizzle-orm';
import { isCancelledState } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import { ticket } from '@/db/schema/cart';
import { AppError } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { isUuid } from '@/http/query-values';
import { ticketScanCode } from '@/modules/orders/codes';
import { selectOrderTicketDetails, type OrderTicketDetail } from '@/modules/orders/order-tickets';
import { readableOrder } from '@/modules/orders/order-read';
import { selectOrder } from '@/modules/orders/repo';
import { selectTermOfMemberTicket } from '@/modules/memberships/repo';
import { readSellerLocale } from '@/modules/sellers/seller-config';
import type { OrderRow } from '@/db/schema/cart';

/** What a pass shows of one ticket, and the code the gate scans. */
export interface PassTicket {
  detail: OrderTicketDetail;
  order: OrderRow;
  /** the pass's barcode: the ticket's scan code (the confirmation's QR), a member's member ID */
  scanCode: string;
  timeZone: string;
  /** the seller's locale: the pass's dates read in its patterns (en-GB "Wed 2 Dec 2026, 10:00") */
  locale: string;
}

const ticketNotFound = () => new AppError('not_found', 'ticket', 'Ticket not found');

/**
 * The ticket a wallet call asks for, if the caller may have it: the order's buyer (their
 * session), the holder of the order's secret link, or — for a member ticket — the holder of its
 * membership term; a live ticket only. Anyone else, and a cancelled ticket, gets the same 404
 * as a missing one.
 */
export async function passTicket(
  db: Db,
  caller: Caller,
  ticketId: string,
  secret: string | undefined,
): Promise<PassTicket> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  const id = ticketId.toLowerCase();
  const [row] = await db
    .select({ orderId: ticket.ticketOrderId })
    .from(ticket)
    .where(eq(ticket.id, id));
  const orderId = row?.orderId;
  if (!orderId) throw ticketNotFound();
  const term = await selectTermOfMemberTicket(db, caller.seller.id, id);
  const order = await readableOrder(db, caller.seller, caller.identity, orderId, {
    secret,
  }).catch(async () => {
    // a member ticket's pass is also its term's holder's (a gift's recipient did not buy it):
    // identity §2 "My membership details … add-to-wallet links"
    const holder = term && !caller.identity.isPublic && caller.identity.id === term.identityId;
    const bought = holder ? await selectOrder(db, orderId) : null;
    if (!bought || bought.sellerId !== caller.seller.id) throw ticketNotFound();
    return bought;
  });
  const detail = (await selectOrderTicketDetails(db, [order.id])).find((d) => d.ticket.id === id);
  if (!detail || detail.ticket.state === 'in_cart' || isCancelledState(detail.ticket.state)) {
    throw ticketNotFound();
  }
  return {
    detail,
    order,
    // a member ticket's pass shows the member ID, the code the membership's QR carries
    scanCode: term
      ? term.memberCode
      : order.scanCode
        ? ticketScanCode(order.scanCode, detail.ticket.id)
        : detail.ticket.id,
    timeZone: detail.timeZone || caller.seller.timezone,
    locale: await readSellerLocale(db, caller.seller),
  };
}
