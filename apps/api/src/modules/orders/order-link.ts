import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { ticketOrder } from '@/db/schema/cart';
import { hashSecret, newAccessSecret } from './codes';

/**
 * A new secret for the order's links, for its buyer only (issue #25): the resend mail and "Log
 * out and manage this order" need a link a logged-out browser can open, and only the hash of
 * the first secret is kept. The first link keeps working; this replaces the previous reissue.
 */
export async function reissueOrderSecret(tx: Executor, orderId: string): Promise<string> {
  const secret = newAccessSecret();
  await tx
    .update(ticketOrder)
    .set({ reissuedSecretHash: hashSecret(secret) })
    .where(eq(ticketOrder.id, orderId));
  return secret;
}
