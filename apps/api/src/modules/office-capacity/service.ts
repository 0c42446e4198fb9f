import { toCollection } from '@admit/contracts/envelope';
import { UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import type {
  CapacityEffect,
  ClosedDateBody,
  SessionCapacity,
  SessionCapacityPatchBody,
} from '@admit/contracts/office-capacity';
import type { Db } from '@/db/connection';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import { parseQuery } from '@/http/query-grammar';
import { forgetSessionReads } from '@/http/read-scopes';
import { recordAudit, type AuditActor } from '@/modules/office/audit';
import { sessionOf, sessionsOnDate, writeCapacity, writeClosed, type SessionPlaces } from './repo';

/**
 * The capacity screen's rules (issue #27 "Capacity", decision 0089). A change is previewed
 * (`dry_run`) and then applied; it touches the session's capacity and closed flag only, so
 * nothing held or sold is cancelled: closing stops new sales, a capacity below the places taken
 * is refused unless the staff user says so, and then only new sales stop.
 */

const wireCapacity = (capacity: number) => (capacity === UNLIMITED_CAPACITY ? null : capacity);

function toSessionCapacity(row: SessionPlaces): SessionCapacity {
  return {
    id: row.id,
    event_template_id: row.eventTemplateId,
    event_name: row.eventName,
    start_datetime: row.startDatetime.toISOString(),
    end_datetime: row.endDatetime.toISOString(),
    capacity: wireCapacity(row.capacity),
    oversell_capacity: row.oversellCapacity,
    used_capacity: row.usedCapacity,
    held: row.held,
    sold: row.sold,
    closed: row.soldOut,
  };
}

/** What a change to `after` does to a session as it is now. */
function effectOf(
  row: SessionPlaces,
  after: { capacity: number; closed: boolean },
  applied: boolean,
): CapacityEffect {
  const limit =
    after.capacity === UNLIMITED_CAPACITY ? null : after.capacity + row.oversellCapacity;
  return {
    event_session_id: row.id,
    before: { capacity: wireCapacity(row.capacity), closed: row.soldOut },
    after: { capacity: wireCapacity(after.capacity), closed: after.closed },
    held: row.held,
    sold: row.sold,
    used_capacity: row.usedCapacity,
    available_after:
      limit === null ? null : after.closed ? 0 : Math.max(0, limit - row.usedCapacity),
    over_by: limit === null ? 0 : Math.max(0, row.usedCapacity - limit),
    applied,
  };
}

const sessionNotFound = () => new AppError('not_found', 'session_capacity', 'Session not found');

function belowTaken(effect: CapacityEffect) {
  return new AppError(
    'conflict',
    'session_capacity',
    `The new capacity is ${effect.over_by} below the places already taken (${effect.held} held, ${effect.sold} sold); confirm with below_taken to keep them and stop new sales.`,
    { held: effect.held, sold: effect.sold, over_by: effect.over_by },
  );
}

/** GET session_capacity?_ondate=…: the sessions of one local day with held and sold places. */
export async function listSessionCapacity(db: Db, sellerId: string, raw: Record<string, string>) {
  const query = parseQuery({ context: 'session_capacity', fields: {}, ondate: true }, raw);
  if (!query.ondate) throw validationFailed('session_capacity', '_ondate', 'is required');
  const rows = await sessionsOnDate(db, sellerId, query.ondate);
  return { session_capacity: toCollection(rows.map(toSessionCapacity)) };
}

/** PATCH session_capacity/{id}: previews or applies a capacity and/or closed change. */
export async function changeSessionCapacity(
  db: Db,
  sellerId: string,
  id: string,
  body: SessionCapacityPatchBody,
  actor: AuditActor,
  now: Date,
) {
  const current = await sessionOf(db, sellerId, id);
  if (!current) throw sessionNotFound();
  const after = {
    capacity:
      body.capacity === undefined ? current.capacity : (body.capacity ?? UNLIMITED_CAPACITY),
    closed: body.closed ?? current.soldOut,
  };
  const preview = effectOf(current, after, false);
  if (body.dry_run) return { capacity_effect: toCollection([preview]) };
  // only a capacity change can be refused for the places taken; closing never is
  const guarded = body.capacity !== undefined && !body.below_taken;
  if (guarded && preview.over_by > 0) throw belowTaken(preview);

  const effect = await withRetryingTransaction(db, async (tx) => {
    const written = await writeCapacity(tx, {
      sellerId,
      id,
      ...after,
      belowTaken: !guarded,
    });
    // the row went, or a hold took the places since the preview: judge again on fresh numbers
    const fresh = await sessionOf(tx, sellerId, id);
    if (!fresh) throw sessionNotFound();
    if (!written) throw belowTaken(effectOf(fresh, after, false));
    const before = { capacity: written.beforeCapacity, closed: written.beforeClosed };
    const done = effectOf(
      { ...fresh, capacity: before.capacity, soldOut: before.closed },
      after,
      true,
    );
    await recordAudit(tx, {
      sellerId,
      actor,
      action:
        body.capacity !== undefined
          ? 'session.capacity'
          : after.closed
            ? 'session.close'
            : 'session.reopen',
      target: `event_session:${id}`,
      before: { ...done.before, held: done.held, sold: done.sold },
      after: done.after,
      reason: body.reason,
      at: now,
    });
    return done;
  });
  // committed: the session's cached availability goes stale on every node (decision 0097)
  await forgetSessionReads(db, [id]);
  return { capacity_effect: toCollection([effect]) };
}

/** POST closed_date: previews or applies closing (or reopening) a local date's sessions. */
export async function closeDate(
  db: Db,
  sellerId: string,
  body: ClosedDateBody,
  actor: AuditActor,
  now: Date,
) {
  const rows = await sessionsOnDate(db, sellerId, body.date);
  const preview = (row: SessionPlaces, applied: boolean) =>
    effectOf(row, { capacity: row.capacity, closed: body.closed }, applied);
  if (body.dry_run) return { capacity_effect: toCollection(rows.map((r) => preview(r, false))) };

  const changed = await withRetryingTransaction(db, async (tx) => {
    const ids = await writeClosed(
      tx,
      sellerId,
      rows.map((r) => r.id),
      body.closed,
    );
    await recordAudit(tx, {
      sellerId,
      actor,
      action: body.closed ? 'date.close' : 'date.reopen',
      target: `date:${body.date}`,
      before: { closed: !body.closed, event_session_ids: ids },
      after: { closed: body.closed, event_session_ids: ids },
      reason: body.reason,
      at: now,
    });
    return new Set(ids);
  });
  await forgetSessionReads(db, changed);
  return {
    capacity_effect: toCollection(rows.map((r) => preview(r, changed.has(r.id)))),
  };
}
