import { sql, type SQL } from 'drizzle-orm';
import { eventSession } from '@/db/schema/sessions';
import type { GroupRow, TypeRow } from './repo';
import { sessionSoldOutSql } from './query-specs';
import type { Fit } from './selection-fit';
import { isGroupSoldOut } from './status-rules';

/**
 * A session's state for a visitor without a selection (decision 0006 "Session state"), as one
 * SQL expression over `event_session` so the reads judge, filter, count and cut sessions in the
 * database instead of loading every row (a year of 30-minute sessions is ~7,000 rows).
 *
 * It is `groupHasRoomAt` (status-rules.ts) folded over the sellable groups: those groups are the
 * same for every session of the read, so what is left per session is whether one of them ignores
 * the session's capacity (excluded from event capacity) or one counts it. session-fit-sql.test.ts
 * checks the two agree on random sessions and groups, on PGlite and PostgreSQL.
 */

export interface FitContext {
  /** session groups on sale now */
  onSale: GroupRow[];
  /** available types of those groups */
  onSaleTypes: TypeRow[];
  now: Date;
}

/** Groups on sale with at least one available type: the groups a session can be sold for. */
export function sellableGroups(ctx: FitContext): GroupRow[] {
  return ctx.onSale.filter((g) => ctx.onSaleTypes.some((t) => t.ticketGroupId === g.id));
}

const fit = (value: Fit) => sql.raw(`'${value}'`);

/** 'available' | 'sold_out' | 'unavailable' for each `event_session` row. */
export function sessionFitSql(ctx: FitContext): SQL<Fit> {
  const sellable = sellableGroups(ctx);
  const started = sql`${eventSession.startDatetime} <= ${ctx.now.toISOString()}::timestamptz`;
  if (sellable.length === 0) return sql<Fit>`${fit('unavailable')}::text`;
  const withRoom = sellable.filter((g) => !isGroupSoldOut(g));
  // the sold-out flag closes a session for every group; capacity binds only the groups it counts
  const ignoresCapacity = withRoom.some((g) => g.excludeFromEventCapacity);
  const countsCapacity = withRoom.some((g) => !g.excludeFromEventCapacity);
  const room = ignoresCapacity
    ? sql`not ${eventSession.soldOut}`
    : countsCapacity
      ? sql`not ${sessionSoldOutSql}`
      : sql`false`;
  return sql<Fit>`(case when ${started} then ${fit('unavailable')}
    when ${room} then ${fit('available')} else ${fit('sold_out')} end)::text`;
}
