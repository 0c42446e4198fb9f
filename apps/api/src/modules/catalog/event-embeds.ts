import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { configRow, meta, ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import type { ReadContext } from '@/http/read-route';
import { uniqueById } from '@/http/wire';
import type { ticketType } from '@/db/schema/catalog';
import { minorToDecimal } from '@admit/contracts/money';
import {
  toConfigRow,
  toEventSession,
  toMeta,
  toTicketGroup,
  toTicketType,
  toVenue,
} from './mappers';
import {
  selectLowestSessionPrices,
  selectOwnedRows,
  selectSessions,
  selectTicketGroups,
  selectTicketTypes,
  selectVenues,
} from './repo';

export interface EventEmbedScope {
  /** which of the events' ticket groups are embedded (and own the embedded types) */
  groups: SQL;
  /** which of the events' sessions are embedded */
  sessions: SQL;
}

/**
 * The least a ticket of the type costs before fees (the wire's `currency_amount_from`, issue 22):
 * a flexible-price type's minimum (the buyer chooses, no session price applies); else its
 * lowest price among the event's sessions in scope (`lowest`, decision 0043), else its amount.
 */
function fromAmount(row: typeof ticketType.$inferSelect, lowest: Map<string, number | null>) {
  if (row.amountMin !== null) return row.amountMin;
  return lowest.get(row.id) ?? row.amount;
}

/**
 * The sibling collections requested with `_embed` for a set of event templates. Ticket groups
 * are loaded whenever groups, types, meta or config are asked for, because types hang off the
 * visible groups and group meta/config travel with the event's (shopping §3).
 */
export async function loadEventEmbeds(
  db: Db,
  ctx: ReadContext,
  events: { id: string; venueId: string | null }[],
  scope: EventEmbedScope,
) {
  const { embeds } = ctx.query;
  const sellerId = ctx.seller.id;
  const eventIds = events.map((e) => e.id);
  const needGroups =
    embeds.has('ticket_group') ||
    embeds.has('ticket_type') ||
    embeds.has('meta') ||
    embeds.has('config');

  const groups =
    needGroups && eventIds.length > 0
      ? await selectTicketGroups(
          db,
          and(
            inArray(ticketGroup.eventTemplateId, eventIds),
            eq(ticketGroup.sellerId, sellerId),
            scope.groups,
          )!,
        )
      : [];
  const groupIds = groups.map((g) => g.id);
  const owners = [
    { resource: 'event_template', ids: eventIds },
    { resource: 'ticket_group', ids: groupIds },
  ];

  const [venues, metaRows, configRows, types, lowest, sessions] = await Promise.all([
    embeds.has('venue')
      ? selectVenues(db, sellerId, [
          ...new Set(events.flatMap((e) => (e.venueId ? [e.venueId] : []))),
        ])
      : undefined,
    embeds.has('meta') ? selectOwnedRows(db, meta, sellerId, owners) : undefined,
    embeds.has('config') ? selectOwnedRows(db, configRow, sellerId, owners) : undefined,
    embeds.has('ticket_type') ? selectTicketTypes(db, groupIds) : undefined,
    embeds.has('ticket_type') ? selectLowestSessionPrices(db, groupIds, scope.sessions) : [],
    embeds.has('event_session') && eventIds.length > 0
      ? selectSessions(db, and(inArray(eventSession.eventTemplateId, eventIds), scope.sessions)!)
      : embeds.has('event_session')
        ? []
        : undefined,
  ]);

  const lowestById = new Map(lowest.map((row) => [row.id, row.lowest]));
  return {
    meta: metaRows?.map(toMeta),
    config: configRows?.map(toConfigRow),
    venue: venues ? uniqueById(venues.map(toVenue)) : undefined,
    ticket_type: types?.map((row) => ({
      ...toTicketType(row),
      currency_amount_from: minorToDecimal(fromAmount(row, lowestById)),
    })),
    ticket_group: embeds.has('ticket_group')
      ? groups.map((g) => toTicketGroup(g, ctx.now))
      : undefined,
    event_session: sessions?.map((s) => toEventSession(s, ctx.now)),
  };
}
