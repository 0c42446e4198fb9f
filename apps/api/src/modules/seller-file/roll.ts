import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FileSessionRule } from '@admit/contracts/seller-file/catalogue';
import type { Db } from '@/db/connection';
import { eventTemplate, meta, sessionRule, venue } from '@/db/schema/catalog';
import { withRetryingTransaction } from '@/db/transaction';
import { ruleSessions, timesOfHours } from '@/lib/session-rules';
import { addDays, localDate } from '@/lib/zoned-time';
import { insertSessions } from './apply';

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
    made += await withRetryingTransaction(db, async (tx) => {
      const claimed = await tx
        .update(sessionRule)
        .set({ laidOutThrough: last })
        .where(
          and(eq(sessionRule.id, rule.id), eq(sessionRule.laidOutThrough, rule.laidOutThrough!)),
        )
        .returning({ id: sessionRule.id });
      if (claimed.length === 0) return 0;
      await insertSessions(
        tx,
        sessions.map((s) => ({
          id: randomUUID(),
          sellerId: rule.sellerId,
          eventTemplateId: rule.eventTemplateId,
          sessionRuleId: rule.id,
          startDatetime: s.start,
          endDatetime: s.end,
          capacity: definition.capacity ?? -1,
          soldOut: false,
        })),
      );
      return sessions.length;
    });
  }
  return made;
}
