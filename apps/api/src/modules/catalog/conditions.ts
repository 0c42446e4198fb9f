import { sql, type SQL } from 'drizzle-orm';
import type { RequestIdentity } from '@/http/request-context';
import type { ParsedQuery } from '@/http/query-grammar';
import { allOf, filterConditions, metaValueIn } from '@/http/query-sql';
import { eventTemplate, meta, ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { UNLIMITED_CAPACITY } from '@admit/contracts/constants';

/** Visibility and availability rules of the browsing reads as SQL (spec: shopping §6, §7). */

/** Handlers whose groups are sold without a session (donations, gift cards, memberships, passes). */
const SESSIONLESS_HANDLERS = ['donation', 'ledger', 'membership', 'passes'];

/** Listing visibility: never link-only; members-only for members alone (shopping §6). */
export function eventListedFor(identity: RequestIdentity): SQL {
  return identity.isMember
    ? sql`${eventTemplate.hiddenType} <> 'public_link_only'`
    : sql`${eventTemplate.hiddenType} not in ('public_link_only', 'public_member_only')`;
}

/** Members-only ticket groups are left out for everyone else (shopping §6). */
export function groupVisibleTo(identity: RequestIdentity): SQL {
  return identity.isMember ? sql`true` : sql`${ticketGroup.hiddenType} <> 'public_member_only'`;
}

/** The venue's time zone, else the seller's, for the session row in scope. */
const sessionTimeZone = sql`coalesce(
  (select v.timezone from event_template et join venue v on v.id = et.venue_id
    where et.id = ${eventSession.eventTemplateId}),
  (select s.timezone from seller s where s.id = ${eventSession.sellerId}))`;

/** The session starts on that calendar day where the venue is (shopping §7 `_ondate`). */
export function sessionStartsOn(date: string): SQL {
  return sql`cast(timezone(${sessionTimeZone}, ${eventSession.startDatetime}) as date) = cast(${date} as date)`;
}

/**
 * Conditions on the sessions that count for (and are embedded with) an event: future ones
 * within the requested bounds and day.
 */
export function sessionConditions(query: ParsedQuery, now: Date): SQL {
  return allOf([
    sql`${eventSession.startDatetime} > ${now.toISOString()}::timestamptz`,
    ...filterConditions(query.relations.get('event_session')),
    query.ondate ? sessionStartsOn(query.ondate) : undefined,
  ]);
}

/** Conditions on the ticket groups embedded with an event (and required by the listing). */
export function groupConditions(query: ParsedQuery, identity: RequestIdentity): SQL {
  return allOf([
    groupVisibleTo(identity),
    ...filterConditions(query.relations.get('ticket_group')),
  ]);
}

/**
 * A session a visitor can still buy at (shopping §3 Session `available`, as `toEventSession`
 * judges it): not marked sold out and with capacity left. The start is in `sessionConditions`.
 */
export const sessionOnSale = sql`(not ${eventSession.soldOut} and (${eventSession.capacity} = ${UNLIMITED_CAPACITY}
  or ${eventSession.capacity} + ${eventSession.oversellCapacity} - ${eventSession.usedCapacity} > 0))`;

export function sessionFilterGiven(query: ParsedQuery): boolean {
  return query.relations.has('event_session') || query.ondate !== null;
}

export function existsSession(condition: SQL): SQL {
  return sql`exists (select 1 from ${eventSession} where ${eventSession.eventTemplateId} = ${eventTemplate.id} and ${condition})`;
}

export function existsGroup(condition: SQL): SQL {
  return sql`exists (select 1 from ${ticketGroup} where ${ticketGroup.eventTemplateId} = ${eventTemplate.id} and ${condition})`;
}

/** A group that needs no session: a session-less handler or a start policy (shopping §3). */
export const sessionlessGroup = sql`(${ticketGroup.handler} in (${sql.join(
  SESSIONLESS_HANDLERS.map((h) => sql`${h}`),
  sql`, `,
)}) or ${ticketGroup.startPolicy} is not null)`;

/** `meta.<key>._in`: the event has a meta row with that key and one of the values. */
export function existsMeta(key: string, values: string[]): SQL {
  return sql`exists (select 1 from ${meta} where ${meta.resource} = 'event_template'
    and ${meta.resourceId} = ${eventTemplate.id} and ${meta.key} = ${key}::text
    and ${metaValueIn(sql`${meta.value}`, values)})`;
}
