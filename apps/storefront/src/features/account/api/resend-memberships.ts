import { acceptedResponseSchema } from '@admit/contracts/identity';
import { apiWrite } from '@/api/client';

/** POST my/ticket_order/resend { memberships_only: true } (identity §7): the membership e-mail again. */
export async function resendMemberships(): Promise<void> {
  await apiWrite('POST', 'my/ticket_order/resend', {
    body: { memberships_only: true },
    schema: acceptedResponseSchema,
  });
}
