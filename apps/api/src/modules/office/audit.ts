import { and, eq, sql } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type { AuditAction, AuditEntry } from '@admit/contracts/office';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@/db/connection';
import { auditLog, type AuditLogRow } from '@/db/schema/office';
import type { Executor } from '@/db/transaction';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { filterConditions, orderBy } from '@/http/query-sql';

/**
 * The audit log's one home (decision 0083): every office write calls `recordAudit` with the
 * executor of its own transaction, so the record and the change commit or roll back together.
 */

/** Who did it: a signed-in staff user, or a named actor with none (`cli`, a typed e-mail). */
export interface AuditActor {
  staffUserId: string | null;
  /** the staff user's e-mail, `cli`, or the e-mail a failed login typed */
  name: string;
}

/** The signed-in staff user of an office route (behind `requireStaff`) as the actor. */
export const staffActor = (request: FastifyRequest): AuditActor => ({
  staffUserId: request.staff.staffUserId,
  name: request.staff.email,
});

export interface AuditRecord {
  sellerId: string;
  actor: AuditActor;
  action: AuditAction;
  /** `staff_user:{id}`, `ticket_order:{id}`… */
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  at: Date;
}

/** Writes one audit record; call it inside the write's transaction. */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    sellerId: record.sellerId,
    staffUserId: record.actor.staffUserId,
    actor: record.actor.name,
    at: record.at,
    action: record.action,
    target: record.target ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
  });
}

const t = auditLog;
// the query grammar's whitelist (http/query-grammar.ts): anything else is a 400
const auditSpec: QuerySpec = {
  context: 'audit',
  fields: {
    action: { sql: sql`${t.action}`, type: 'text' },
    staff_user_id: { sql: sql`${t.staffUserId}`, type: 'uuid' },
    target: { sql: sql`${t.target}`, type: 'text' },
    at: { sql: sql`${t.at}`, type: 'timestamp' },
  },
  sort: { fields: { at: sql`${t.at}` }, default: '-at' },
};

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  staff_user_id: row.staffUserId,
  actor: row.actor,
  at: row.at.toISOString(),
  action: row.action,
  target: row.target,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
});

/** GET /api/office/audit: the seller's records, newest first unless `_sort` says otherwise. */
export async function listAudit(db: Db, sellerId: string, rawQuery: Record<string, string>) {
  const query = parseQuery(auditSpec, rawQuery);
  const where = and(eq(t.sellerId, sellerId), ...filterConditions(query.filters));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...orderBy(query.sort, sql`${t.id}`))
      .limit(query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(where),
  ]);
  return { audit_log: toCollection(rows.map(toEntry), count?.n ?? rows.length) };
}
