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
import type { OrderRow } from '@/db/schema/cart';

/** What a pass shows of one ticket, and the code the gate scans. */
export interface PassTicket {
  detail: OrderTicketDetail;
  order: OrderRow;
  /** the ticket's own scan code (the QR of the confirmation): the pass's barcode */
  scanCode: string;
  timeZone: string;
}

const ticketNotFound = () => new AppError('not_found', 'ticket', 'Ticket not found');

/**
 * The ticket a wallet call asks for, if the caller may have it: the order's buyer (their
 * session) or the holder of the order's secret link; a live ticket only. Anyone else, and a
 * cancelled ticket, gets the same 404 as a missing one.
 */
export async function passTicket(
  db: Db,
  caller: Caller,
  ticketId: string,
  secret: string | undefined,
): Promise<PassTicket> {
  if (!isUuid(ticketId)) throw ticketNotFound();
  const [row] = await db
    .select({ orderId: ticket.ticketOrderId })
    .from(ticket)
    .where(eq(ticket.id, ticketId.toLowerCase()));
  if (!row?.orderId) throw ticketNotFound();
  const order = await readableOrder(db, caller.seller, caller.identity, row.orderId, {
    secret,
  }).catch(() => {
    throw ticketNotFound();
  });
  const detail = (await selectOrderTicketDetails(db, [order.id])).find(
    (d) => d.ticket.id === ticketId.toLowerCase(),
  );
  if (!detail || detail.ticket.state === 'in_cart' || isCancelledState(detail.ticket.state)) {
    throw ticketNotFound();
  }
  return {
    detail,
    order,
    scanCode: order.scanCode ? ticketScanCode(order.scanCode, detail.ticket.id) : detail.ticket.id,
    timeZone: detail.timeZone || caller.seller.timezone,
  };
}
