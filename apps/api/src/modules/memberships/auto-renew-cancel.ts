import { and, desc, eq, type SQL } from 'drizzle-orm';
import { AUTO_RENEW_NOT_ENROLLED_MESSAGE, type Membership } from '@admit/contracts/membership';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';
import { membership, type MembershipRow } from '@/db/schema/memberships';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { autoRenewCancelledMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { toMemberships } from './my-membership';

/**
 * spec: identity §4 "Cancel auto-renew: scheduled becomes cancelled after the delete call; any
 * other state shows a warning", §8 'membership not enrolled in auto-renew' (decision 0038). One
 * conditional UPDATE: a term the auto-renew job has just claimed is still cancelled (the job
 * reads the state again before it charges), and two cancels never both answer success. The
 * holder's confirmation mail is queued in the same transaction (decision 0057): sent once, and
 * only for a cancel that committed.
 */

export interface CancelDeps {
  db: Db;
  /** PUBLIC_URL and PORT: the origin of the mail's links and logo */
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>;
}

/** The confirmation to each cancelled term's holder (one mail per member ID). */
async function queueCancelledMails(
  tx: Tx,
  seller: SellerRef,
  origin: string,
  terms: MembershipRow[],
) {
  const brand = await loadMailBrand(tx, seller, origin);
  const renewLink = `${origin}/membership/renew`;
  const latest = [...terms].sort((a, b) => b.validTo.getTime() - a.validTo.getTime());
  const seen = new Set<string>();
  for (const term of latest) {
    if (seen.has(term.memberCode)) continue;
    seen.add(term.memberCode);
    const [holder] = await tx
      .select({ email: identity.email })
      .from(identity)
      .where(eq(identity.id, term.identityId))
      .limit(1);
    if (!holder?.email) continue;
    const content = await autoRenewCancelledMail({
      brand,
      memberCode: term.memberCode,
      level: term.role,
      validTo: term.validTo,
      renewLink,
    });
    await enqueueMail(tx, {
      sellerId: seller.id,
      kind: 'auto_renew_cancelled',
      to: holder.email,
      ...content,
    });
  }
}

/** More work committed with a cancel (the office's audit record, decision 0089). */
export type AlsoInTransaction = (tx: Tx, cancelled: MembershipRow[]) => Promise<void>;

/** Cancels the scheduled terms `which` picks, mails their holders; 422 when none was scheduled. */
async function cancelScheduled(
  { db, config }: CancelDeps,
  seller: SellerRef,
  which: SQL,
  extra: Record<string, string>,
  alsoInTransaction?: AlsoInTransaction,
): Promise<Membership[]> {
  const origin = await storefrontRootOf(db, seller, config);
  const cancelled = await withRetryingTransaction(db, async (tx) => {
    const rows = await tx
      .update(membership)
      .set({ autoRenewState: 'cancelled' })
      .where(
        and(eq(membership.sellerId, seller.id), which, eq(membership.autoRenewState, 'scheduled')),
      )
      .returning();
    if (rows.length > 0) {
      await queueCancelledMails(tx, seller, origin, rows);
      await alsoInTransaction?.(tx, rows);
    }
    return rows;
  });
  if (cancelled.length === 0) {
    const [latest] = await db
      .select({ state: membership.autoRenewState })
      .from(membership)
      .where(and(eq(membership.sellerId, seller.id), which))
      .orderBy(desc(membership.validTo))
      .limit(1);
    throw new AppError(
      'validation_failed',
      'membership',
      AUTO_RENEW_NOT_ENROLLED_MESSAGE,
      { ...extra, auto_renew_state: latest?.state ?? null },
      422,
    );
  }
  return toMemberships(db, cancelled, seller.timezone);
}

/** DELETE ticket_order/{id}/auto_renew: the order's scheduled terms. */
export function cancelOrderAutoRenew(
  deps: CancelDeps,
  seller: SellerRef,
  orderId: string,
): Promise<Membership[]> {
  return cancelScheduled(deps, seller, eq(membership.ticketOrderId, orderId), {
    ticket_order_id: orderId,
  });
}

/**
 * DELETE my/membership/{id}/auto_renew (decision 0057): the holder's own term, also one no order
 * made (a term entered by hand, an imported member); the caller has checked it is theirs. The
 * office cancels through it too (decision 0089), its audit record in `alsoInTransaction`.
 */
export function cancelMembershipAutoRenew(
  deps: CancelDeps,
  seller: SellerRef,
  membershipId: string,
  alsoInTransaction?: AlsoInTransaction,
): Promise<Membership[]> {
  return cancelScheduled(
    deps,
    seller,
    eq(membership.id, membershipId),
    { membership_id: membershipId },
    alsoInTransaction,
  );
}
