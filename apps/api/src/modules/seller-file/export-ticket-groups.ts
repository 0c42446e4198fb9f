import { asc, inArray } from 'drizzle-orm';
import { minorToDecimal } from '@admit/contracts/money';
import type { StoredFee } from '@admit/contracts/rules/fees';
import type { FileTicketGroup, FileTicketType } from '@admit/contracts/seller-file/catalogue';
import { ticketGroup, ticketType } from '@/db/schema/catalog';
import { localDate } from '@/lib/zoned-time';
import { inIds, type ExportContext } from './export-context';
import { compact, lastKey, orNone, percentOf, wallClockOf } from './export-values';

type GroupRow = typeof ticketGroup.$inferSelect;
type TypeRow = typeof ticketType.$inferSelect;

/**
 * Reads the seller's keyed ticket groups and types once; the answer gives an event's groups in
 * the file's form, dates in the event's zone.
 */
export async function readTicketGroups(
  ctx: ExportContext,
): Promise<(eventId: string, zone: string) => FileTicketGroup[]> {
  const { db, idsOf } = ctx;
  const groups = await inIds(idsOf('ticket_group'), (ids) =>
    db
      .select()
      .from(ticketGroup)
      .where(inArray(ticketGroup.id, ids))
      .orderBy(asc(ticketGroup.rank)),
  );
  const types = await inIds(idsOf('ticket_type'), (ids) =>
    db.select().from(ticketType).where(inArray(ticketType.id, ids)).orderBy(asc(ticketType.rank)),
  );
  return (eventId, zone) =>
    groups
      .filter((g) => g.eventTemplateId === eventId)
      .map((g) =>
        fileGroup(
          ctx,
          g,
          types.filter((t) => t.ticketGroupId === g.id),
          zone,
        ),
      );
}

function fileGroup(ctx: ExportContext, g: GroupRow, types: TypeRow[], zone: string) {
  // a seated group's zones are stored as meta (desired-events.ts)
  const { seat_zones: seatZones, ...groupMeta } = ctx.metaOf('ticket_group', g.id);
  return compact({
    key: lastKey(ctx.path('ticket_group', g.id)!),
    name: g.name,
    handler: g.handler === 'tickets' ? undefined : (g.handler as never),
    description: orNone(g.description),
    summary: orNone(g.summary),
    color: g.color === 0 ? undefined : g.color,
    visibility: g.hiddenType === 'public_browsable' ? undefined : (g.hiddenType as never),
    start_policy: orNone(g.startPolicy) as never,
    start_policy_date: g.startPolicyDate ? localDate(g.startPolicyDate, zone) : undefined,
    duration_new: orNone(g.durationNew),
    min_per_order: orNone(g.minTicketsPerOrder),
    max_per_order: orNone(g.maxTicketsPerOrder),
    sales_start: wallClockOf(g.salesStart, zone),
    sales_end: wallClockOf(g.salesEnd, zone),
    capacity: g.capacity < 0 ? undefined : g.capacity,
    exclude_from_event_capacity: g.excludeFromEventCapacity || undefined,
    payment_plan: ctx.path('payment_plan', g.paymentPlanId),
    seat_zones: seatZones as string[] | undefined,
    meta: Object.keys(groupMeta).length > 0 ? groupMeta : undefined,
    ticket_types: types.map((t) => fileType(ctx, t)),
  }) as FileTicketGroup;
}

function fileType(ctx: ExportContext, t: TypeRow): FileTicketType {
  const fees = t.outsideFees as StoredFee[];
  return compact({
    key: lastKey(ctx.path('ticket_type', t.id)!),
    name: t.name,
    amount: minorToDecimal(t.amount),
    amount_min: t.amountMin === null ? undefined : minorToDecimal(t.amountMin),
    amount_max: t.amountMax === null ? undefined : minorToDecimal(t.amountMax),
    description: orNone(t.description),
    summary: orNone(t.summary),
    fees: fees.length
      ? fees.map((f) =>
          f.name === 'fee_fixed_outside'
            ? { fixed: minorToDecimal(f.fee), ...(f.on_free ? { on_free: true } : {}) }
            : { percent: percentOf(f.fee) },
        )
      : undefined,
    available: t.available ? undefined : false,
  });
}
