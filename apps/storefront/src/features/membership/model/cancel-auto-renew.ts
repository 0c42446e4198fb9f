import type { Membership, MyMembershipResponse } from '@admit/contracts/membership';
import { ApiError } from '@/api/client';

/**
 * identity §4 "Cancel auto-renew: scheduled becomes cancelled after the delete call; any other
 * state shows a warning". `requested` (asked for at checkout, decision 0032) counts as enrolled:
 * the server has the last word.
 */
export const isEnrolled = (membership: Membership) =>
  membership.auto_renew_state === 'scheduled' || membership.auto_renew_state === 'requested';

/** The term of this order the member holds (the latest, when renewals share the order). */
export function termOfOrder(
  response: MyMembershipResponse | null,
  ticketOrderId: string,
): Membership | null {
  const terms = (response?.membership._data ?? []).filter(
    (m) => m.ticket_order_id === ticketOrderId,
  );
  return terms.sort((a, b) => Date.parse(b.valid_to) - Date.parse(a.valid_to))[0] ?? null;
}

/** The member's own term by its id (a term without an order, decision 0057). */
export function termById(
  response: MyMembershipResponse | null,
  membershipId: string,
): Membership | null {
  return (response?.membership._data ?? []).find((m) => m.id === membershipId) ?? null;
}

export type CancelFailure = 'login' | 'not_enrolled' | 'error';

/** 401: log in first; a refusal of the order (404, 409, 422): the not-enrolled warning. */
export function cancelFailureOf(error: unknown): CancelFailure {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 401) return 'login';
  return [404, 409, 422].includes(error.status) ? 'not_enrolled' : 'error';
}
