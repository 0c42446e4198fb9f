import type { Membership } from '@admit/contracts/membership';
import { cancelAutoRenewRoute, cancelMyAutoRenewRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';

/**
 * DELETE ticket_order/{ticketOrderId}/auto_renew (identity §7): scheduled becomes cancelled
 * (§4); other states are refused with 'membership not enrolled in auto-renew' (§8). Resolves to
 * the membership of the answer, or null when the answer carries none (decision 0035).
 */
export async function cancelAutoRenew(ticketOrderId: string): Promise<Membership | null> {
  const body = await call(cancelAutoRenewRoute, { params: { orderId: ticketOrderId } });
  return body.membership._data[0] ?? null;
}

/**
 * DELETE my/membership/{membershipId}/auto_renew (decision 0057): the logged-in holder's own
 * term, also one without an order behind it. Same answers as the order's call.
 */
export async function cancelMyAutoRenew(membershipId: string): Promise<Membership | null> {
  const body = await call(cancelMyAutoRenewRoute, { params: { membershipId } });
  return body.membership._data[0] ?? null;
}
