import { myResendRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';

/** POST my/ticket_order/resend { memberships_only: true } (identity §7): the membership e-mail again. */
export async function resendMemberships(): Promise<void> {
  await call(myResendRoute, { body: { memberships_only: true } });
}
