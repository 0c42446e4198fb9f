import type { Db } from '@/db/connection';
import type { Filter, ParsedQuery } from '@/http/query-grammar';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import type { TtlCache } from '@/lib/ttl-cache';
import type { AvailabilityScope } from './scope';
import { GROUP_FILTER_FIELDS } from './query-specs';

/** What the availability services need of a request (a ReadContext satisfies it). */
export interface AvailabilityRequest {
  seller: SellerRef;
  identity: RequestIdentity;
  query: ParsedQuery;
  now: Date;
  /** the app's short-lived cache of event scopes (scope.ts); absent, every read loads its own */
  scopes?: TtlCache<AvailabilityScope>;
  /** the database to read, when not the app's primary (a cached read's replica, decision 0097) */
  db?: Db;
}

const fieldOf = (filter: Filter) => filter.key.split('.')[0] ?? '';

/**
 * `ticket_group_id` filters narrow the groups; the others narrow the sessions. The embedded
 * spellings (`ticket_group.id`, `event_session.start_datetime`; query-specs.ts) join them: each is
 * a field of the group or the session itself, so no EXISTS is needed.
 */
export function splitFilters(query: ParsedQuery) {
  return {
    groupFilters: [
      ...query.filters.filter((f) => GROUP_FILTER_FIELDS.has(fieldOf(f))),
      ...(query.relations.get('ticket_group') ?? []),
    ],
    sessionFilters: [
      ...query.filters.filter((f) => !GROUP_FILTER_FIELDS.has(fieldOf(f))),
      ...(query.relations.get('event_session') ?? []),
    ],
  };
}
