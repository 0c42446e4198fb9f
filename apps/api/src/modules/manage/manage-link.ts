import { toCollection } from '@admit/contracts/envelope';
import type { OrderManageLinkResponse } from '@admit/contracts/manage';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { readableOrder } from '@/modules/orders/order-read';
import { reissueOrderSecret } from '@/modules/orders/order-link';
import { anonymousRules } from './access';

/**
 * POST my/ticket_order/{id}/manage_link (issue #25): the logged-in buyer's way to the manage
 * page, which only a logged-out secret holder may use (identity §4, §6). Only the order's
 * buyer, and only while the seller lets secret holders edit; anyone else gets the order's 404.
 */
export async function manageLinkOf(
  db: Db,
  caller: Caller,
  orderId: string,
): Promise<OrderManageLinkResponse> {
  if (caller.identity.isPublic) {
    throw new AppError('not_authorized', 'ticket_order', 'Please log in');
  }
  // the buyer's session reads its own orders only (a stranger's id is the same 404)
  const order = await readableOrder(db, caller.seller, caller.identity, orderId, {});
  const rules = await anonymousRules(db, caller.seller.id);
  if (!rules.enabled) {
    throw new AppError('forbidden', 'ticket_order', 'This order cannot be changed online');
  }
  const secret = await reissueOrderSecret(db, order.id);
  return {
    order_manage_link: toCollection([{ ticket_order_id: order.id, secret }]),
  };
}
