import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FileSessionRule } from '@admit/contracts/seller-file/catalogue';
import type { Db } from '@/db/connection';
import {
  catalogKey,
  eventTemplate,
  meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import { seatLayout, seatTemplate } from '@/db/schema/seats';
import { sessionRule } from '@/db/schema/sessions';
import { withRetryingTransaction } from '@/db/transaction';
import { ruleSessions, timesOfHours } from '@/lib/session-rules';
import { addDays, localDate } from '@/lib/zoned-time';
import { insertSessions } from './insert-sessions';
import { storedPrices, writeSessionPrices } from './file-session-prices';

/**
 * The event's ticket types by `group/type` path, from their stored keys (`event/group/type`):
 * what a rule's `prices` name.
 */
async function eventTypePaths(db: Db, sellerId: string, eventId: string) {
  const rows = await db
    .select({ key: catalogKey.key, id: catalogKey.resourceId })
    .from(catalogKey)
    .innerJoin(ticketType, eq(ticketType.id, catalogKey.resourceId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
    .where(
      and(
        eq(catalogKey.sellerId, sellerId),
        eq(catalogKey.kind, 'ticket_type'),
        eq(ticketGroup.eventTemplateId, eventId),
      ),
    );
  const byPath = new Map(rows.map((r) => [r.key.split('/').slice(1).join('/'), r.id]));
  return [(path: string) => byPath.get(path), [...byPath.keys()]] as const;
}

/**
 * The seat layout a rule's sessions sell (its own, else the event's `seat_layout` meta) and the
 * capacity an import would give them: its seats not blocked (decision 0052 "Seller file").
 */
async function seatingOf(
  db: Db,
  sellerId: string,
  eventId: string,
  definition: Omit<FileSessionRule, 'key'>,
): Promise<{ seatLayoutId: string | null; capacity: number }> {
  let key = definition.seat_layout;
  if (key === undefined) {
    const [row] = await db
      .select({ value: meta.value })
      .from(meta)
      .where(
        and(
          eq(meta.resource, 'event_template'),
          eq(meta.resourceId, eventId),
          eq(meta.key, 'seat_layout'),
        ),
      );
    key = row?.value as string | undefined;
  }
  const unseated = { seatLayoutId: null, capacity: definition.capacity ?? -1 };
  if (key === undefined) return unseated;
  const [layout] = await db
    .select({ id: seatLayout.id, n: count(seatTemplate.id) })
    .from(seatLayout)
    .leftJoin(
      seatTemplate,
      and(eq(seatTemplate.seatLayoutId, seatLayout.id), eq(seatTemplate.blocked, false)),
    )
    .where(and(eq(seatLayout.sellerId, sellerId), eq(seatLayout.key, key)))
    .groupBy(seatLayout.id);
  if (!layout) return unseated;
  return { seatLayoutId: layout.id, capacity: definition.capacity ?? layout.n };
}

/**
 * Rolling windows kept rolling (decision 0041): a rule with `ahead_days` was laid out through
 * `laid_out_through`; as days pass, the days that came into its window are laid out here, the
 * same sessions an import on that day would make. Each rule moves in its own short transaction,
 * claimed by a conditional update of `laid_out_through`, so two servers never lay a day twice.
 * Returns how many sessions were made.
 */
export async function rollSessionRules(db: Db, now: Date): Promise<number> {
  const rules = await db
    .select({
      id: sessionRule.id,
      sellerId: sessionRule.sellerId,
      eventTemplateId: sessionRule.eventTemplateId,
      definition: sessionRule.definition,
      laidOutThrough: sessionRule.laidOutThrough,
      venueId: venue.id,
      zone: venue.timezone,
    })
    .from(sessionRule)
    .innerJoin(eventTemplate, eq(eventTemplate.id, sessionRule.eventTemplateId))
    .innerJoin(venue, eq(venue.id, eventTemplate.venueId));
  let made = 0;
  for (const rule of rules) {
    const definition = rule.definition as Omit<FileSessionRule, 'key'>;
    if (definition.ahead_days === undefined || rule.laidOutThrough === null) continue;
    const today = localDate(now, rule.zone);
    const ahead = addDays(today, definition.ahead_days - 1);
    const last = definition.until && definition.until < ahead ? definition.until : ahead;
    if (rule.laidOutThrough >= last) continue;
    const next = addDays(rule.laidOutThrough, 1);
    const [closed] = await db
      .select({ value: meta.value })
      .from(meta)
      .where(
        and(eq(meta.resource, 'venue'), eq(meta.resourceId, rule.venueId), eq(meta.key, 'closed')),
      );
    const sessions = ruleSessions(
      {
        ...definition,
        times: definition.times ?? timesOfHours(definition.hours!),
        closed: [...(definition.closed ?? []), ...((closed?.value as string[] | null) ?? [])],
      },
      { first: next > today ? next : today, last },
      rule.zone,
    );
    const prices = definition.prices
      ? storedPrices(
          definition.prices,
          ...(await eventTypePaths(db, rule.sellerId, rule.eventTemplateId)),
        )
      : {};
    const seating = await seatingOf(db, rule.sellerId, rule.eventTemplateId, definition);
    made += await withRetryingTransaction(db, async (tx) => {
      const claimed = await tx
        .update(sessionRule)
        .set({ laidOutThrough: last })
        .where(
          and(eq(sessionRule.id, rule.id), eq(sessionRule.laidOutThrough, rule.laidOutThrough!)),
        )
        .returning({ id: sessionRule.id });
      if (claimed.length === 0) return 0;
      const rows = sessions.map((s) => ({ id: randomUUID(), start: s.start, end: s.end }));
      await insertSessions(
        tx,
        rows.map((s) => ({
          id: s.id,
          sellerId: rule.sellerId,
          eventTemplateId: rule.eventTemplateId,
          sessionRuleId: rule.id,
          startDatetime: s.start,
          endDatetime: s.end,
          capacity: seating.capacity,
          soldOut: false,
          seatLayoutId: seating.seatLayoutId,
        })),
      );
      // the rule's own prices on every session it lays out (decision 0043), as an import would
      await writeSessionPrices(
        tx,
        rows.map((s) => ({ id: s.id, prices })),
        false,
      );
      return sessions.length;
    });
  }
  return made;
}
