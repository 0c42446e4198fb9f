import { orderManageLinkRoute } from '@admit/contracts/routes/manage';
import { call } from '@/api/client';

/**
 * POST my/ticket_order/{id}/manage_link (issue #25): the logged-in buyer's secret link to the
 * order's manage page, which opens once logged out (identity §4 "Reschedule: refused when
 * logged in").
 */
export async function getManageLink(orderId: string): Promise<string> {
  const body = await call(orderManageLinkRoute, { params: { orderId } });
  const link = body.order_manage_link._data[0];
  if (!link) throw new Error('no manage link');
  return link.secret;
}
