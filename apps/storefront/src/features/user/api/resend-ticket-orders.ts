import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse } from '@admit/contracts/identity';
import { resendOrdersRoute } from '@admit/contracts/routes/identity';
import { call } from '@/api/client';

export interface ResendRequest {
  email: string;
  /** forgot membership: only the membership e-mails (identity §7) */
  membershipsOnly?: boolean;
}

/** POST ticket_order/resend (identity §7); a 404 `not_found` means no orders for the e-mail. */
export function resendTicketOrders({
  email,
  membershipsOnly,
}: ResendRequest): Promise<AcceptedResponse> {
  const body = membershipsOnly ? { email, memberships_only: true } : { email };
  return call(resendOrdersRoute, { body });
}

export function useResendTicketOrders() {
  return useMutation({ mutationFn: resendTicketOrders });
}
