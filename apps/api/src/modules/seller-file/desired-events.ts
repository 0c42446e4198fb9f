import type { FileEvent, FileTicketGroup } from '@admit/contracts/seller-file/catalogue';
import { localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import type { DesiredContext } from './desired-context';
import { linkSeatZones } from './desired-seats';
import { sessionRows } from './desired-sessions';
import { resolveDate, toMillipercent, toMinor, toMinorOrNull, wallClock } from './desired-values';

/** The ids the rest of the file refers to, by key path (`event`, `event/group`, `…/type`). */
export interface EventIds {
  events: Map<string, string>;
  paths: Map<string, string>;
  /** each ticket type's name by its key path (a membership level is named after it) */
  typeNames: Map<string, string>;
}

/**
 * The rows of a file's events, in file order: each event with its meta and config, its ticket
 * groups and types, then its sessions. `venues` and `plans` are the ids the events name.
 */
export function eventRows(
  ctx: DesiredContext,
  venues: ReadonlyMap<string, { id: string; zone: string }>,
  plans: ReadonlyMap<string, string>,
): EventIds {
  const { file, slug, add, meta, storedImage } = ctx;
  const ids: EventIds = { events: new Map(), paths: new Map(), typeNames: new Map() };
  (file.events ?? []).forEach((event, rank) => {
    const venue = venues.get(event.venue ?? file.venues[0]!.key)!;
    const eventId = add(
      'event_template',
      event.key,
      `${slug}/event/${event.key}`,
      `event ${event.key}`,
      {
        name: event.name,
        subtitle: event.subtitle ?? null,
        summary: event.summary ?? null,
        // sanitised by the import (stored-descriptions.ts) before it plans
        description: event.description ?? null,
        descriptionSanitized: true,
        category: event.category ?? null,
        eventType: event.type,
        hiddenType: event.visibility ?? 'public_browsable',
        venueId: venue.id,
        rank: rank + 1,
      },
    );
    ids.events.set(event.key, eventId);
    ids.paths.set(event.key, eventId);
    meta('event_template', eventId, event.key, {
      image_cover: event.cover && storedImage(event.cover.image),
      image_profile: event.profile && storedImage(event.profile.image),
      image_cover_alt: event.cover?.alt,
      image_profile_alt: event.profile?.alt,
      message_rules: event.message_rules,
      // kept as meta so the export gives it back even before the event has sessions
      seat_layout: event.seat_layout,
      ...event.meta,
    });
    for (const [key, value] of Object.entries(event.config ?? {})) {
      add(
        'config',
        `event_template/${eventId}/${key}`,
        `event_template/${eventId}/config/${key}`,
        `config ${event.key} ${key}`,
        {
          resource: 'event_template',
          resourceId: eventId,
          key,
          value,
        },
      );
    }
    ticketGroupRows(ctx, event, eventId, venue.zone, plans, ids);
    sessionRows(ctx, event, rank, eventId, venue.zone, ids.paths);
    linkSeatZones(event, ids.paths, ctx.seatLayouts);
  });
  return ids;
}

function ticketGroupRows(
  ctx: DesiredContext,
  event: FileEvent,
  eventId: string,
  zone: string,
  plans: ReadonlyMap<string, string>,
  { paths, typeNames }: EventIds,
) {
  (event.ticket_groups ?? []).forEach((group, groupRank) => {
    const groupPath = `${event.key}/${group.key}`;
    const groupId = groupRow(ctx, group, groupPath, eventId, groupRank, zone, plans);
    paths.set(groupPath, groupId);
    group.ticket_types.forEach((type, typeRank) => {
      const typePath = `${groupPath}/${type.key}`;
      typeNames.set(typePath, type.name);
      paths.set(
        typePath,
        ctx.add('ticket_type', typePath, `${groupId}/type/${type.key}`, `ticket type ${typePath}`, {
          ticketGroupId: groupId,
          name: type.name,
          description: type.description ?? null,
          summary: type.summary ?? null,
          rank: typeRank,
          amount: toMinor(type.amount),
          amountMin: toMinorOrNull(type.amount_min),
          amountMax: toMinorOrNull(type.amount_max),
          outsideFees: (type.fees ?? []).map((fee) =>
            'fixed' in fee
              ? {
                  name: 'fee_fixed_outside',
                  fee: toMinor(fee.fixed),
                  ...(fee.on_free ? { on_free: true } : {}),
                }
              : { name: 'fee_percent_outside', fee: toMillipercent(fee.percent) },
          ),
          available: type.available ?? true,
        }),
      );
    });
  });
}

function groupRow(
  ctx: DesiredContext,
  group: FileTicketGroup,
  path: string,
  eventId: string,
  rank: number,
  zone: string,
  plans: ReadonlyMap<string, string>,
) {
  const had = ctx.existing('ticket_group', path);
  const today = localDate(ctx.now, zone);
  // a relative start date counts only when the group is made: later imports keep its date
  const policyDate =
    group.start_policy_date === undefined
      ? null
      : group.start_policy_date.startsWith('today') && had
        ? had.values.startPolicyDate
        : zonedWallTimeToUtc(resolveDate(group.start_policy_date, today), '00:00', zone);
  const groupId = ctx.add(
    'ticket_group',
    path,
    `${eventId}/group/${group.key}`,
    `ticket group ${path}`,
    {
      eventTemplateId: eventId,
      name: group.name,
      description: group.description ?? null,
      summary: group.summary ?? null,
      color: group.color ?? 0,
      handler: group.handler ?? 'tickets',
      hiddenType: group.visibility ?? 'public_browsable',
      startPolicy: group.start_policy ?? null,
      startPolicyDate: policyDate,
      durationNew: group.duration_new ?? null,
      minTicketsPerOrder: group.min_per_order ?? null,
      maxTicketsPerOrder: group.max_per_order ?? null,
      salesStart: wallClock(group.sales_start, zone),
      salesEnd: wallClock(group.sales_end, zone),
      capacity: group.capacity ?? -1,
      excludeFromEventCapacity: group.exclude_from_event_capacity ?? false,
      rank,
      paymentPlanId: group.payment_plan === undefined ? null : plans.get(group.payment_plan)!,
    },
  );
  // a seated group's zones are meta (decision 0052): the seats' groups are made from them
  if (group.meta || group.seat_zones) {
    ctx.meta('ticket_group', groupId, path, { ...group.meta, seat_zones: group.seat_zones });
  }
  return groupId;
}
