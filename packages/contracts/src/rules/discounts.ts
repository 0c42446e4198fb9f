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
