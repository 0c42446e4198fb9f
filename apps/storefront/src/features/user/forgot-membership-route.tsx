import { resendTicketOrders } from '@/features/user/api/resend-ticket-orders';
import { ForgotPage } from '@/features/user/components/forgot-page';

const sendMembership = (email: string) => resendTicketOrders({ email, membershipsOnly: true });

/** /user/forgot-membership (identity §2): POST ticket_order/resend with memberships_only. */
export function ForgotMembershipRoute() {
  return <ForgotPage kind="forgot-membership" send={sendMembership} />;
}
