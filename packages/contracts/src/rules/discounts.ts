import type { TicketGroupHandler } from './admission';

/**
 * Which ticket groups a code discounts without naming them (issue 22; decision 0047): tickets,
 * passes and seated tickets. A donation, a gift card (`ledger`), a voucher code (`codes`) and a
 * membership (bought for oneself or as a gift) are not tickets: "10 % off every ticket" leaves
 * them whole. A code whose resource names the ticket type, its group or its event discounts it
 * all the same (a gift of membership's code names its level), because the seller asked for it.
 */
const DISCOUNTED_BY_ANY_CODE: ReadonlySet<string> = new Set<TicketGroupHandler>([
  'tickets',
  'passes',
  'seated',
]);

/** Whether a code on `resource` (null: every ticket) may discount a ticket of this group. */
export function codeMayDiscount(
  resource: string | null,
  handler: string | null | undefined,
): boolean {
  if (resource !== null) return true;
  return handler != null && DISCOUNTED_BY_ANY_CODE.has(handler);
}

/**
 * Whether a code (or a checkout rule) on `resource` covers the ticket: the one reading for the
 * API's totals and codes and the storefront's CityPASS fields (decision 0098).
 */
export function resourceCovers(
  target: { resource: string | null; resourceId: string | null },
  ticket: { ticketTypeId: string; ticketGroupId: string; eventTemplateId: string },
): boolean {
  switch (target.resource) {
    case null:
      return true;
    case 'ticket_type':
      return target.resourceId === ticket.ticketTypeId;
    case 'ticket_group':
      return target.resourceId === ticket.ticketGroupId;
    case 'event_template':
      return target.resourceId === ticket.eventTemplateId;
    default:
      return false;
  }
}
