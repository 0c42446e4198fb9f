import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due mails (pending, never tried or next_attempt_at ≤ now; a fresh row's
 * next_attempt_at is the database's clock, which need not agree with the app's) for this process: counts the
 * attempt and pushes next_attempt_at out by `leaseMs`, so no other sender takes them meanwhile;
 * a sender that dies mid-delivery leaves them to be retried when the lease runs out.
 * `FOR UPDATE SKIP LOCKED` lets several processes claim at once without waiting on each other.
 */
export async function claimDueMails(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const due = sql`SELECT ${outbox.id} FROM ${outbox}
    WHERE ${outbox.status} = 'pending'
      AND (${outbox.attempts} = 0 OR ${outbox.nextAttemptAt} <= ${now})
    ORDER BY ${outbox.nextAttemptAt} LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(sql`${outbox.id} IN (${due})`)
    .returning();
}

/**
 * Hands claimed mails back undelivered (a sender stopping, decision 0073): the attempt is not
 * counted and they are due at once, for another server or the next start, not after the lease.
 */
export async function releaseClaims(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: now })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** A failed attempt: retried at `retryAt`, or given up (`failed`) when `retryAt` is null. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: 'failed' },
    )
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

export interface MailboxFilter {
  to?: string;
  kind?: string;
  sellerSlug?: string;
  limit: number;
}

/** The dev mailbox: newest first, optionally for one recipient, kind or seller. */
export async function listMails(db: Db, filter: MailboxFilter) {
  const conditions: SQL[] = [];
  if (filter.to) conditions.push(sql`lower(${outbox.toAddress}) = lower(${filter.to.trim()})`);
  if (filter.kind) conditions.push(eq(outbox.kind, filter.kind));
  if (filter.sellerSlug) conditions.push(eq(seller.slug, filter.sellerSlug));
  return db
    .select({ mail: outbox, sellerSlug: seller.slug })
    .from(outbox)
    .innerJoin(seller, eq(seller.id, outbox.sellerId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit);
}

export async function findMail(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row ?? null;
}
