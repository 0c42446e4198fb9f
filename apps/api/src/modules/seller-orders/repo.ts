import { and, asc, count, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { cart, ticket, ticketOrder } from '@/db/schema/cart';
import { eventTemplate, ticketGroup, ticketType, venue } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { identity, seller } from '@/db/schema/identity';

/** The seller API's reads of orders and tickets (decision 0042): flat rows with their names. */

const ticketColumns = {
  id: ticket.id,
  ticketOrderId: ticket.ticketOrderId,
  state: ticket.state,
  scanCode: ticket.scanCode,
  admitName: ticket.admitName,
  eventTemplateId: ticket.eventTemplateId,
  eventName: eventTemplate.name,
  ticketGroupId: ticket.ticketGroupId,
  ticketGroupName: ticketGroup.name,
  /** what the group sells: receipts and the door read it (contracts rules/admission.ts) */
  handler: ticketGroup.handler,
  /** the order is a gift (its giftee), so its membership is the giver's purchase */
  gifteeIdentityId: ticketOrder.gifteeIdentityId,
  ticketTypeId: ticket.ticketTypeId,
  ticketTypeName: ticketType.name,
  outsideFees: ticketType.outsideFees,
  eventSessionId: ticket.eventSessionId,
  startDatetime: eventSession.startDatetime,
  endDatetime: eventSession.endDatetime,
  venueTimezone: venue.timezone,
  sellerTimezone: seller.timezone,
  faceValue: ticket.faceValue,
  adjustedValue: ticket.adjustedValue,
  /** what the ticket was charged (frozen at checkout): the export never re-prices a sale */
  feeFixedOutside: ticket.feeFixedOutside,
  feePercentOutside: ticket.feePercentOutside,
  validFrom: ticket.validFrom,
  validTo: ticket.validTo,
  redeemedAt: ticket.redeemedAt,
  orderNumber: ticketOrder.orderNumber,
  email: ticketOrder.email,
  firstName: identity.firstName,
  lastName: identity.lastName,
  createdAt: ticket.createdAt,
};

/** A ticket of an order with what the door and the export name it by. */
export type SellerTicketRow = Awaited<ReturnType<typeof selectSellerTickets>>[number];

/** The seller's order tickets matching `where` (a ticket in no order is never one of them). */
export function selectSellerTickets(db: Db, sellerId: string, where: SQL | undefined) {
  return db
    .select(ticketColumns)
    .from(ticket)
    .innerJoin(ticketOrder, eq(ticketOrder.id, ticket.ticketOrderId))
    .innerJoin(seller, eq(seller.id, ticketOrder.sellerId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .leftJoin(eventSession, eq(eventSession.id, ticket.eventSessionId))
    .leftJoin(venue, eq(venue.id, eventTemplate.venueId))
    .leftJoin(identity, eq(identity.id, ticketOrder.identityId))
    .where(and(eq(ticketOrder.sellerId, sellerId), where))
    .orderBy(asc(ticketOrder.createdAt), asc(ticket.createdAt), asc(ticket.id));
}

/** The ticket whose own scan code this is. */
export const ticketsWithScanCode = (db: Db, sellerId: string, code: string) =>
  selectSellerTickets(db, sellerId, eq(ticket.scanCode, code));

/** The tickets of the seller's order whose scan code this is. */
export const ticketsOfOrderScanCode = (db: Db, sellerId: string, code: string) =>
  selectSellerTickets(db, sellerId, eq(ticketOrder.scanCode, code));

export const ticketsOfOrders = (db: Db, sellerId: string, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : selectSellerTickets(db, sellerId, inArray(ticket.ticketOrderId, orderIds));

const orderColumns = {
  id: ticketOrder.id,
  orderNumber: ticketOrder.orderNumber,
  createdAt: ticketOrder.createdAt,
  email: ticketOrder.email,
  currency: ticketOrder.currency,
  totalAfterFeesPrice: ticketOrder.totalAfterFeesPrice,
  firstName: identity.firstName,
  lastName: identity.lastName,
  /** the campaign the visit landed with, kept on the cart the order was made from (0062) */
  campaign: cart.campaign,
  /** the answers to the order's checkout questions (decision 0064) */
  additionalInfo: ticketOrder.additionalInfo,
};
export type SellerOrderRow = Awaited<ReturnType<typeof selectOrdersPage>>[number];

const ordersWhere = (sellerId: string, since: Date | null, id?: string) =>
  and(
    eq(ticketOrder.sellerId, sellerId),
    since ? gte(ticketOrder.createdAt, since) : undefined,
    id ? eq(ticketOrder.id, id) : undefined,
  );

/** A page of the seller's orders placed since `since`, oldest first (stable for paging). */
export function selectOrdersPage(
  db: Db,
  sellerId: string,
  page: { since: Date | null; limit: number; offset: number; id?: string },
) {
  return db
    .select(orderColumns)
    .from(ticketOrder)
    .leftJoin(identity, eq(identity.id, ticketOrder.identityId))
    .leftJoin(cart, eq(cart.id, ticketOrder.cartId))
    .where(ordersWhere(sellerId, page.since, page.id))
    .orderBy(asc(ticketOrder.createdAt), asc(ticketOrder.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOrders(db: Db, sellerId: string, since: Date | null) {
  const [row] = await db
    .select({ n: count() })
    .from(ticketOrder)
    .where(ordersWhere(sellerId, since));
  return Number(row?.n ?? 0);
}
