import { and, desc, eq } from 'drizzle-orm';
import { AUTO_RENEW_NOT_ENROLLED_MESSAGE, type Membership } from '@admit/contracts/membership';
import type { Db } from '@/db/connection';
import { membership } from '@/db/schema/memberships';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { toMemberships } from './my-membership';

/**
 * spec: identity §4 "Cancel auto-renew: scheduled becomes cancelled after the delete call; any
 * other state shows a warning", §8 'membership not enrolled in auto-renew' (decision 0038). One
 * conditional UPDATE: a term the auto-renew job has just claimed is still cancelled (the job
 * reads the state again before it charges), and two cancels never both answer success.
 */
export async function cancelOrderAutoRenew(
  db: Db,
  seller: SellerRef,
  orderId: string,
): Promise<Membership[]> {
  const cancelled = await db
    .update(membership)
    .set({ autoRenewState: 'cancelled' })
    .where(
      and(
        eq(membership.sellerId, seller.id),
        eq(membership.ticketOrderId, orderId),
        eq(membership.autoRenewState, 'scheduled'),
      ),
    )
    .returning();
  if (cancelled.length === 0) {
    const [latest] = await db
      .select({ state: membership.autoRenewState })
      .from(membership)
      .where(and(eq(membership.sellerId, seller.id), eq(membership.ticketOrderId, orderId)))
      .orderBy(desc(membership.validTo))
      .limit(1);
    throw new AppError(
      'validation_failed',
      'membership',
      AUTO_RENEW_NOT_ENROLLED_MESSAGE,
      { ticket_order_id: orderId, auto_renew_state: latest?.state ?? null },
      422,
    );
  }
  return toMemberships(db, cancelled, seller.timezone);
}
