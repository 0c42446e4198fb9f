import { randomUUID } from 'node:crypto';
import { imagePath } from '@admit/contracts/images';
import {
  typePathsOf,
  type FileEvent,
  type FileSessionRule,
  type FileTicketGroup,
} from '@admit/contracts/seller-file/catalogue';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { ruleSessions, timesOfHours } from '@/lib/session-rules';
import { addDays, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import type { CurrentState } from './current';
import { imageNameOf, isFilePath, type FileImage } from './file-images';
import { commerceRows, type AddRow } from './desired-commerce';
import { resolveDate, toMillipercent, toMinor, toMinorOrNull, wallClock } from './desired-values';
import { storedPrices } from './file-session-prices';
import { storedConfigOf } from './import-settings';
import type { Row, TableName } from './rows';

/**
 * A seller file as the rows it wants (decision 0041). Ids: a row the database already has keeps
 * its id; a new one gets `newId(seed)` (random by default; the demo derives its stable ids from
 * the seeds). Relative dates (`today+N`) and opening balances count only when a row is made.
 */
export interface DesiredOptions {
  now: Date;
  images: ReadonlyMap<string, FileImage>;
  newId?: (seed: string) => string;
}

/** Builds the rows a seller file wants, against what the database has. */
export function desiredRows(
  file: SellerFile,
  current: CurrentState,
  options: DesiredOptions,
): Row[] {
  const newId = options.newId ?? (() => randomUUID());
  const slug = file.seller.slug;
  const out: Row[] = [];
  const idOf = (table: TableName, identity: string, seed: string) =>
    current.rows.get(table)?.get(identity)?.id ?? newId(seed);
  const add: AddRow = (
    table: TableName,
    identity: string,
    seed: string,
    label: string,
    values: Record<string, unknown>,
    extra: Partial<Row> = {},
  ): string => {
    const id = idOf(table, identity, seed);
    out.push({ table, identity, id, label, values, ...extra });
    return id;
  };
  const existing = (table: TableName, identity: string) => current.rows.get(table)?.get(identity);

  const sellerId = current.sellerId ?? newId(`${slug}/seller`);
  const sellerZone = file.seller.timezone;
  const storedImage = (path: string) =>
    isFilePath(path) ? imagePath(slug, imageNameOf(path)) : path;

  add('identity', 'public', `${slug}/identity/public`, 'public identity', { kind: 'public' });

  for (const image of options.images.values()) {
    add('image', image.name, `${slug}/image/${image.name}`, `image ${image.name}`, {
      name: image.name,
      contentType: image.contentType,
      bytes: image.bytes.toString('base64'),
      width: image.width,
      height: image.height,
    });
  }

  const meta = (
    resource: string,
    resourceId: string,
    label: string,
    values: Record<string, unknown>,
  ) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      add(
        'meta',
        `${resource}/${resourceId}/${key}`,
        `${resource}/${resourceId}/meta/${key}`,
        `meta ${label} ${key}`,
        {
          resource,
          resourceId,
          key,
          value,
        },
      );
    }
  };

  const venues = new Map<string, { id: string; zone: string }>();
  for (const venue of file.venues) {
    const zone = venue.timezone ?? sellerZone;
    const id = add('venue', venue.key, `${slug}/venue/${venue.key}`, `venue ${venue.key}`, {
      name: venue.name,
      timezone: zone,
      address: venue.address ?? null,
    });
    venues.set(venue.key, { id, zone });
    meta('venue', id, venue.key, { closed: venue.closed });
  }

  const plans = new Map<string, string>();
  for (const plan of file.payment_plans ?? []) {
    plans.set(
      plan.key,
      add(
        'payment_plan',
        plan.key,
        `${slug}/payment_plan/${plan.key}`,
        `payment plan ${plan.key}`,
        {
          name: plan.name,
          installments: plan.installments.map((i) => ({
            share_bp: Math.round(i.percent * 100),
            days_before_start: i.days_before_start ?? null,
          })),
        },
      ),
    );
  }

  const events = new Map<string, string>();
  const paths = new Map<string, string>(); // event/group(/type) → id
  const typeNames = new Map<string, string>();
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
        description: event.description ?? null,
        category: event.category ?? null,
        eventType: event.type,
        hiddenType: event.visibility ?? 'public_browsable',
        venueId: venue.id,
        rank: rank + 1,
      },
    );
    events.set(event.key, eventId);
    paths.set(event.key, eventId);
    meta('event_template', eventId, event.key, {
      image_cover: event.cover && storedImage(event.cover.image),
      image_profile: event.profile && storedImage(event.profile.image),
      image_cover_alt: event.cover?.alt,
      image_profile_alt: event.profile?.alt,
      message_rules: event.message_rules,
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
    (event.ticket_groups ?? []).forEach((group, groupRank) => {
      const groupPath = `${event.key}/${group.key}`;
      const groupId = groupRow(group, groupPath, eventId, groupRank, venue.zone);
      paths.set(groupPath, groupId);
      group.ticket_types.forEach((type, typeRank) => {
        const typePath = `${groupPath}/${type.key}`;
        typeNames.set(typePath, type.name);
        paths.set(
          typePath,
          add('ticket_type', typePath, `${groupId}/type/${type.key}`, `ticket type ${typePath}`, {
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
                ? { name: 'fee_fixed_outside', fee: toMinor(fee.fixed) }
                : { name: 'fee_percent_outside', fee: toMillipercent(fee.percent) },
            ),
            available: type.available ?? true,
          }),
        );
      });
    });
    sessionRows(event, eventId, venue.zone);
  });

  function groupRow(
    group: FileTicketGroup,
    path: string,
    eventId: string,
    rank: number,
    zone: string,
  ) {
    const had = existing('ticket_group', path);
    const today = localDate(options.now, zone);
    const policyDate =
      group.start_policy_date === undefined
        ? null
        : group.start_policy_date.startsWith('today') && had
          ? had.values.startPolicyDate
          : zonedWallTimeToUtc(resolveDate(group.start_policy_date, today), '00:00', zone);
    const groupId = add(
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
    if (group.meta) meta('ticket_group', groupId, path, group.meta);
    return groupId;
  }

  function sessionRows(event: FileEvent, eventId: string, zone: string) {
    const today = localDate(options.now, zone);
    const typePaths = typePathsOf(event);
    const pricesOf = (prices: FileSessionRule['prices']) =>
      storedPrices(prices, (path) => paths.get(`${event.key}/${path}`), typePaths);
    const venueClosed =
      file.venues.find((v) => v.key === (event.venue ?? file.venues[0]!.key))?.closed ?? [];
    for (const rule of event.session_rules ?? []) {
      const path = `${event.key}/${rule.key}`;
      const { key: _key, ...definition } = rule;
      const last =
        rule.ahead_days === undefined
          ? rule.until!
          : [addDays(today, rule.ahead_days - 1), rule.until]
              .filter((d): d is string => !!d)
              .sort()[0]!;
      const ruleId = add(
        'session_rule',
        path,
        `${slug}/session_rule/${path}`,
        `session rule ${path}`,
        {
          eventTemplateId: eventId,
          definition,
          laidOutThrough: last,
        },
      );
      const sessions = ruleSessions(
        {
          ...rule,
          times: rule.times ?? timesOfHours(rule.hours!),
          closed: [...(rule.closed ?? []), ...venueClosed],
        },
        { first: today, last },
        zone,
      );
      const prices = pricesOf(rule.prices);
      for (const s of sessions) {
        add(
          'event_session',
          `${ruleId}@${s.start.toISOString()}`,
          `${slug}/session/${event.key}/${s.date}T${s.time}`,
          `session ${path} ${s.date} ${s.time}`,
          {
            eventTemplateId: eventId,
            sessionRuleId: ruleId,
            startDatetime: s.start,
            endDatetime: s.end,
            capacity: rule.capacity ?? -1,
            soldOut:
              existing('event_session', `${ruleId}@${s.start.toISOString()}`)?.values.soldOut ??
              false,
            prices,
          },
          { group: path },
        );
      }
    }
    for (const session of event.sessions ?? []) {
      const path = `${event.key}/${session.key}`;
      const had = existing('event_session', path);
      const date =
        session.date.startsWith('today') && had
          ? localDate(had.values.startDatetime as Date, zone)
          : resolveDate(session.date, today);
      const start = zonedWallTimeToUtc(date, session.time, zone);
      add('event_session', path, `${slug}/session/${event.key}/${session.key}`, `session ${path}`, {
        eventTemplateId: eventId,
        sessionRuleId: null,
        startDatetime: start,
        endDatetime: new Date(start.getTime() + session.duration_minutes * 60_000),
        capacity: session.capacity ?? -1,
        soldOut: session.closed ?? false,
        prices: pricesOf(session.prices),
      });
    }
  }

  commerceRows(file, { add, paths, typeNames, zone: sellerZone });

  meta('seller', sellerId, 'seller', file.seller.meta ?? {});

  // the seller last: its config names events and groups by id
  const config = storedConfigOf(file.seller.settings ?? {}, {
    eventId: (key) => events.get(key)!,
    groupId: (path) => paths.get(path)!,
    imageAddress: storedImage,
    storedPrivate: current.storedConfig.private,
  });
  out.unshift({
    table: 'seller',
    identity: slug,
    id: sellerId,
    label: `seller ${slug}`,
    values: {
      slug,
      name: file.seller.name,
      currency: file.seller.currency,
      timezone: file.seller.timezone,
      config,
    },
  });
  return out;
}
