import { parseMessageRules, type MessageRule } from '@admit/contracts/rules/message-rules';
import {
  PRICE_DISPLAY_KEY,
  parsePriceDisplay,
  type PriceDisplay,
} from '@admit/contracts/rules/price-display';
import { configRow } from '@/db/schema/catalog';
import type { Db } from '@/db/connection';
import { notFound } from '@/http/app-error';
import type { Filter } from '@/http/query-grammar';
import { allOf, filterConditions } from '@/http/query-sql';
import { isUuid } from '@/http/query-values';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import type { TtlCache } from '@/lib/ttl-cache';
import { groupVisibleTo } from '@/modules/catalog/conditions';
import { isWithinSalesWindow } from './rules';
import {
  selectEventMeta,
  selectEventWithZone,
  selectGroupsOf,
  selectTypesOfEvent,
  type EventRow,
  type GroupRow,
  type TypeRow,
  type VenueRow,
} from './repo';
import { isSessionlessGroup, isVisibleTo } from './status-rules';

/**
 * What every availability read of one event starts from: the event (visible to the visitor),
 * its zone, the ticket groups the visitor may see (narrowed by `ticket_group_id` filters), their
 * types, the event's message rules and its price display.
 */
export interface AvailabilityScope {
  event: EventRow;
  venue: VenueRow | null;
  timezone: string;
  /** visible groups of every handler */
  groups: GroupRow[];
  types: TypeRow[];
  groupById: Map<string, GroupRow>;
  typeById: Map<string, TypeRow>;
  /** the types some session prices on its own (decision 0043): reads look prices up for these */
  sessionPricedTypeIds: Set<string>;
  rules: MessageRule[];
  /** the event config `web.price_display` (shopping §3; decision 0063) */
  priceDisplay: PriceDisplay;
}

export interface ScopeRequest {
  seller: SellerRef;
  identity: RequestIdentity;
  /** filters on ticket_group fields (ticket_group_id._in) */
  groupFilters?: Filter[];
  scopes?: TtlCache<AvailabilityScope>;
}

/**
 * Loads the scope; unknown, foreign, malformed or members-only (for non-members) ids are 404.
 * With the app's scope cache (AVAILABILITY_SCOPE_CACHE_MS, decision 0034), a scope is reused for
 * a moment by every read of that event with the same visibility and group filters: it holds
 * catalogue rows only, never capacity, which each read computes live. On PGlite the four reads
 * behind a scope were a quarter of a calendar's time and most of one date's sessions.
 */
export function loadScope(
  db: Db,
  request: ScopeRequest,
  eventId: string,
): Promise<AvailabilityScope> {
  if (!isUuid(eventId)) return Promise.reject(notFound('event', 'Event'));
  if (!request.scopes) return readScope(db, request, eventId);
  // what the scope depends on: the seller, the event, members-only visibility, group filters
  const key = [
    request.seller.id,
    eventId,
    request.identity.isMember ? 'member' : 'visitor',
    // a filter's spec holds its column (not serialisable); what was asked is key, op and values
    JSON.stringify((request.groupFilters ?? []).map((f) => [f.key, f.op, f.values])),
  ].join('|');
  return request.scopes.get(key, () => readScope(db, request, eventId));
}

async function readScope(
  db: Db,
  request: ScopeRequest,
  eventId: string,
): Promise<AvailabilityScope> {
  // one round trip: the groups, types and rules are read beside the event and dropped if it is
  // not the visitor's to see (every availability read starts here, so its latency is theirs)
  const [found, groups, typeRows, metaRows, configRows] = await Promise.all([
    selectEventWithZone(db, request.seller.id, eventId),
    selectGroupsOf(
      db,
      eventId,
      allOf([groupVisibleTo(request.identity), ...filterConditions(request.groupFilters)]),
    ),
    selectTypesOfEvent(db, eventId),
    selectEventMeta(db, request.seller.id, eventId, ['message_rules']),
    selectEventMeta(db, request.seller.id, eventId, [PRICE_DISPLAY_KEY], configRow),
  ]);
  // spec: shopping §6 — a members-only event's availability is for members alone
  if (!found || !isVisibleTo(found.event, request.identity)) throw notFound('event', 'Event');
  const groupIds = new Set(groups.map((g) => g.id));
  const visible = typeRows.filter((r) => groupIds.has(r.type.ticketGroupId));
  const types = visible.map((r) => r.type);
  return {
    ...found,
    groups,
    types,
    groupById: new Map(groups.map((g) => [g.id, g])),
    typeById: new Map(types.map((t) => [t.id, t])),
    sessionPricedTypeIds: new Set(visible.filter((r) => r.sessionPriced).map((r) => r.type.id)),
    rules: parseMessageRules(metaRows.find((m) => m.key === 'message_rules')?.value),
    priceDisplay: parsePriceDisplay(configRows[0]?.value),
  };
}

/** Groups sold at sessions (not donations, gift cards, memberships, passes or any-date). */
export function sessionGroups(scope: AvailabilityScope): GroupRow[] {
  return scope.groups.filter((g) => !isSessionlessGroup(g));
}

/** Session groups on sale now (inside their sales window). */
export function groupsOnSale(scope: AvailabilityScope, now: Date): GroupRow[] {
  return sessionGroups(scope).filter((g) =>
    isWithinSalesWindow({ sales_start: g.salesStart, sales_end: g.salesEnd }, now),
  );
}

/**
 * No session group is on sale now, yet one opens later: the event's sales have not opened, and a
 * plain calendar reads its days `unreleased` (issue #26).
 */
export function salesNotYetOpen(scope: AvailabilityScope, now: Date): boolean {
  return (
    groupsOnSale(scope, now).length === 0 &&
    sessionGroups(scope).some((g) => g.salesStart !== null && new Date(g.salesStart) > now)
  );
}

/** Whether any of these types is priced per session (then reads fetch the sessions' prices). */
export const anySessionPriced = (scope: AvailabilityScope, types: { id: string }[]) =>
  types.some((t) => scope.sessionPricedTypeIds.has(t.id));

/** Available types of the given groups (what prices are quoted from). */
export function typesOf(scope: AvailabilityScope, groups: GroupRow[]): TypeRow[] {
  const ids = new Set(groups.map((g) => g.id));
  return scope.types.filter((t) => t.available && ids.has(t.ticketGroupId));
}
