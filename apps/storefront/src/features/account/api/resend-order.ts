import { orderEmailRoute } from '@admit/contracts/routes/orders';
import { call } from '@/api/client';

/**
 * POST ticket_order/{id}/email with an empty body (identity §7 "or an empty body in the account
 * area"): the order's confirmation and tickets e-mailed again to the logged-in buyer.
 */
export async function resendOrder(orderId: string): Promise<void> {
  await call(orderEmailRoute, { params: { orderId }, body: {} });
}

/** Several orders (a session booked in more than one), one call each. */
export async function resendOrders(orderIds: string[]): Promise<void> {
  await Promise.all(orderIds.map(resendOrder));
}
