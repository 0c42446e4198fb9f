import { and, eq, sql } from 'drizzle-orm';
import type {
  ConfigResponse,
  EventTemplateResponse,
  TicketGroupResponse,
} from '@admit/contracts/catalog';
import type { Db } from '@/db/connection';
import { configRow, eventTemplate, meta, ticketGroup } from '@/db/schema/catalog';
import { notFound } from '@/http/app-error';
import type { ReadContext } from '@/http/read-route';
import { allOf, filterConditions, orderBy } from '@/http/query-sql';
import { isUuid } from '@/http/query-values';
import { resourceBody } from '@/http/wire';
import {
  eventListedFor,
  existsGroup,
  existsMeta,
  existsSession,
  groupConditions,
  groupVisibleTo,
  sessionConditions,
  sessionFilterGiven,
  sessionlessGroup,
} from './conditions';
import { loadEventEmbeds } from './event-embeds';
import { toConfigRow, toEventTemplate, toMeta, toTicketGroup, toTicketType } from './mappers';
import {
  selectConfigRows,
  selectEventTemplates,
  selectOwnedRows,
  selectTicketGroups,
  selectTicketTypes,
} from './repo';

/**
 * GET events/available: what a visitor may browse (shopping §2 event listing, §6 visibility).
 * An event is listed when it has a future session (sold out or not) matching the session
 * filters, or, with no session filter, a ticket group that needs no session.
 */
export async function listAvailableEvents(
  db: Db,
  ctx: ReadContext,
): Promise<EventTemplateResponse> {
  const { query, identity } = ctx;
  const sessions = sessionConditions(query, ctx.now);
  const groups = groupConditions(query, identity);
  const bookable = sessionFilterGiven(query)
    ? existsSession(sessions)
    : sql`(${existsSession(sessions)} or ${existsGroup(allOf([groupVisibleTo(identity), sessionlessGroup]))})`;
  const where = allOf([
    eq(eventTemplate.sellerId, ctx.seller.id),
    eventListedFor(identity),
    ...filterConditions(query.filters),
    ...query.meta.map((m) => existsMeta(m.key, m.values)),
    query.relations.has('ticket_group') ? existsGroup(groups) : undefined,
    bookable,
  ]);
  const page = await selectEventTemplates(db, {
    where,
    order: orderBy(query.sort, sql`${eventTemplate.id}`),
    limit: query.limit,
  });
  const embeds = await loadEventEmbeds(db, ctx, page.rows, { groups, sessions });
  return resourceBody(
    'event_template',
    { data: page.rows.map(toEventTemplate), total: page.total },
    embeds,
  );
}

/** GET events/{id}: link-only and members-only events are reachable by id (shopping §6). */
export async function getEvent(
  db: Db,
  ctx: ReadContext,
  id: string,
): Promise<EventTemplateResponse> {
  // the storefront treats 400 and 404 alike as "not found", so a malformed id is a 404
  if (!isUuid(id)) throw notFound('event', 'Event');
  const page = await selectEventTemplates(db, {
    where: and(eq(eventTemplate.sellerId, ctx.seller.id), eq(eventTemplate.id, id))!,
    order: [],
    limit: 1,
  });
  if (page.rows.length === 0) throw notFound('event', 'Event');
  const embeds = await loadEventEmbeds(db, ctx, page.rows, {
    groups: groupConditions(ctx.query, ctx.identity),
    sessions: sessionConditions(ctx.query, ctx.now),
  });
  return resourceBody('event_template', { data: page.rows.map(toEventTemplate), total: 1 }, embeds);
}

/**
 * GET event_template: asked by id (cart and order pages) every template of the seller is
 * returned; without an id list only what the listing would show.
 */
export async function listEventTemplates(db: Db, ctx: ReadContext): Promise<EventTemplateResponse> {
  const { query } = ctx;
  const byId = query.filters.some((f) => f.key === 'id._in' || f.key === 'id');
  const where = allOf([
    eq(eventTemplate.sellerId, ctx.seller.id),
    byId ? undefined : eventListedFor(ctx.identity),
    ...filterConditions(query.filters),
  ]);
  const page = await selectEventTemplates(db, {
    where,
    order: orderBy(query.sort, sql`${eventTemplate.id}`),
    limit: query.limit,
  });
  const embeds = await loadEventEmbeds(db, ctx, page.rows, {
    groups: sql`false`,
    sessions: sql`false`,
  });
  return resourceBody(
    'event_template',
    { data: page.rows.map(toEventTemplate), total: page.total },
    { venue: embeds.venue, meta: embeds.meta },
  );
}

/** GET config: configuration rows of the seller's resources. */
export async function listConfig(db: Db, ctx: ReadContext): Promise<ConfigResponse> {
  const { query } = ctx;
  const page = await selectConfigRows(db, {
    where: allOf([eq(configRow.sellerId, ctx.seller.id), ...filterConditions(query.filters)]),
    order: orderBy(query.sort, sql`${configRow.id}`),
    limit: query.limit,
  });
  return resourceBody('config', { data: page.rows.map(toConfigRow), total: page.total });
}

/** GET ticket_group/{id}: members-only groups exist only for members; filters must match. */
export async function getTicketGroup(
  db: Db,
  ctx: ReadContext,
  id: string,
): Promise<TicketGroupResponse> {
  if (!isUuid(id)) throw notFound('ticket_group', 'Ticket group');
  const [group] = await selectTicketGroups(
    db,
    allOf([
      eq(ticketGroup.sellerId, ctx.seller.id),
      eq(ticketGroup.id, id),
      groupVisibleTo(ctx.identity),
      ...filterConditions(ctx.query.filters),
    ]),
  );
  if (!group) throw notFound('ticket_group', 'Ticket group');
  const { embeds } = ctx.query;
  const owners = [{ resource: 'ticket_group', ids: [group.id] }];
  const [types, metaRows, configRows] = await Promise.all([
    embeds.has('ticket_type') ? selectTicketTypes(db, [group.id]) : undefined,
    embeds.has('meta') ? selectOwnedRows(db, meta, ctx.seller.id, owners) : undefined,
    embeds.has('config') ? selectOwnedRows(db, configRow, ctx.seller.id, owners) : undefined,
  ]);
  return resourceBody(
    'ticket_group',
    { data: [toTicketGroup(group, ctx.now)], total: 1 },
    {
      ticket_type: types?.map(toTicketType),
      meta: metaRows?.map(toMeta),
      config: configRows?.map(toConfigRow),
    },
  );
}
