import type { SessionDetailResponse } from '@admit/contracts/availability';
import type { Db } from '@/db/connection';
import { configRow, meta } from '@/db/schema/catalog';
import { notFound } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import { resourceBody } from '@/http/wire';
import {
  toConfigRow,
  toMeta,
  toTicketGroup,
  toTicketType,
  toVenue,
} from '@/modules/catalog/mappers';
import { selectOwnedRows } from '@/modules/catalog/repo';
import { selectSession } from './repo';
import type { AvailabilityRequest } from './request';
import { anySessionPriced, groupsOnSale, loadScope, typesOf } from './scope';
import { sessionFitSql } from './session-fit-sql';
import { priceScheduleOf, toPricedSession } from './session-view';

/**
 * GET events/{eventId}/sessions/{sessionId} (shopping §7): the session, priced, with the ticket
 * groups sold at it that are inside their sales window and visible to the visitor, and only
 * their available types. Sold-out groups stay listed (flagged) so the page can say so.
 */
export async function eventSessionDetail(
  db: Db,
  request: AvailabilityRequest,
  eventId: string,
  sessionId: string,
): Promise<SessionDetailResponse> {
  const scope = await loadScope(db, request, eventId);
  if (!isUuid(sessionId)) throw notFound('event_session', 'Session');
  const { now, query } = request;
  const { embeds } = query;
  const groups = groupsOnSale(scope, now);
  const types = typesOf(scope, groups);
  const ctx = { scope, onSale: groups, onSaleTypes: types, selection: [], now };
  const judged = await selectSession(
    db,
    scope.event.id,
    sessionId,
    sessionFitSql(ctx),
    anySessionPriced(scope, types),
  );
  if (!judged) throw notFound('event_session', 'Session');
  const owners = [
    { resource: 'event_template', ids: [scope.event.id] },
    { resource: 'ticket_group', ids: groups.map((g) => g.id) },
  ];
  const sellerId = request.seller.id;
  const [metaRows, configRows] = await Promise.all([
    embeds.has('meta') ? selectOwnedRows(db, meta, sellerId, owners) : undefined,
    embeds.has('config') ? selectOwnedRows(db, configRow, sellerId, owners) : undefined,
  ]);
  return resourceBody(
    'event_session',
    { data: [toPricedSession(ctx, judged.session, judged.fit, judged.prices)], total: 1 },
    {
      ticket_group: embeds.has('ticket_group')
        ? groups.map((g) => toTicketGroup(g, now))
        : undefined,
      ticket_type: embeds.has('ticket_type') ? types.map(toTicketType) : undefined,
      meta: metaRows?.map(toMeta),
      config: configRows?.map(toConfigRow),
      venue: embeds.has('venue') ? (scope.venue ? [toVenue(scope.venue)] : []) : undefined,
      // beside the embedded types, which keep their own amount (shopping §3): what each costs
      // at this session, as in the sessions read; the storefront shows this (decision 0048)
      price_schedule: embeds.has('ticket_type')
        ? priceScheduleOf(judged.session.id, types, judged.prices)
        : undefined,
    },
  );
}
