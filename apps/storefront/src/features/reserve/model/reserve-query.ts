import type { TicketType } from '@admit/contracts/resources';

/**
 * The reserve query parameters of the event detail (spec: shopping §2 "Query parameters", §5
 * "Reserve query parameters"). Names of the keys: `session`, `date`, `quantities`, `reserve`,
 * `tg`, `select`, `price`, `code`. The spec names no key for the quantity query, so it is
 * `quantities`: comma-separated pairs of ticket type id-or-name and count, e.g.
 * `?quantities=Adult:2,Child:1`.
 */
export const RESERVE_QUERY_KEYS = {
  session: 'session',
  date: 'date',
  quantities: 'quantities',
  reserve: 'reserve',
  ticketGroups: 'tg',
  select: 'select',
  price: 'price',
  code: 'code',
} as const;

/**
 * false: preselect only. true (any truthy word): reserve at once when a session (or any-date
 * admission) and at least one ticket resolve, ignoring what does not. warn: reserve only when
 * everything requested resolves, else show what is unavailable and keep the preselection.
 * strict: reserve only when everything matches, else show the message and preselect nothing.
 */
export type ReserveMode = 'false' | 'true' | 'warn' | 'strict';

export interface QuantityRequest {
  /** a ticket type id or name */
  key: string;
  count: number;
}

export interface ReserveQuery {
  sessionId: string | null;
  date: string | null;
  /** both `session` and `date` were given: neither is used */
  conflict: boolean;
  quantities: QuantityRequest[];
  mode: ReserveMode;
  ticketGroupIds: string[];
  selectTypeId: string | null;
  price: string | null;
  code: string | null;
}

/** The messages of §8 "Query parameter messages", by cause. */
export type ReserveQueryProblem =
  | 'session_date_conflict'
  | 'unavailable_on_date'
  | 'session_unavailable'
  | 'session_not_found'
  | 'ticket_types_not_found'
  | 'unavailable';

const FALSY = new Set(['', 'false', '0', 'no', 'off', 'n', 'f']);

export function parseReserveMode(value: string | null): ReserveMode {
  if (value === null) return 'false';
  const word = value.trim().toLowerCase();
  if (word === 'warn' || word === 'strict') return word;
  return FALSY.has(word) ? 'false' : 'true';
}

/** "Adult:2,Child:1" → pairs; malformed pairs and negative or fractional counts are skipped. */
export function parseQuantityQuery(value: string | null): QuantityRequest[] {
  if (!value) return [];
  return value.split(',').flatMap((pair) => {
    const at = pair.lastIndexOf(':');
    if (at <= 0) return [];
    const key = pair.slice(0, at).trim();
    const countText = pair.slice(at + 1).trim();
    if (!key || !/^\d+$/.test(countText)) return [];
    return [{ key, count: Number(countText) }];
  });
}

const text = (search: URLSearchParams, key: string) => {
  const value = search.get(key)?.trim();
  return value ? value : null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

export function parseReserveQuery(search: URLSearchParams): ReserveQuery {
  const sessionId = text(search, RESERVE_QUERY_KEYS.session);
  const rawDate = text(search, RESERVE_QUERY_KEYS.date);
  // spec: shopping §5 — "session and date cannot be combined"
  const conflict = sessionId !== null && rawDate !== null;
  const price = text(search, RESERVE_QUERY_KEYS.price);
  return {
    sessionId: conflict ? null : sessionId,
    // a malformed date is kept as given so it is reported as unavailable, not silently ignored
    date: conflict ? null : rawDate,
    conflict,
    quantities: parseQuantityQuery(search.get(RESERVE_QUERY_KEYS.quantities)),
    mode: parseReserveMode(search.get(RESERVE_QUERY_KEYS.reserve)),
    ticketGroupIds: (search.get(RESERVE_QUERY_KEYS.ticketGroups) ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    selectTypeId: text(search, RESERVE_QUERY_KEYS.select),
    price: price !== null && MONEY.test(price) ? price : null,
    code: text(search, RESERVE_QUERY_KEYS.code),
  };
}

export function isValidQueryDate(date: string): boolean {
  return DATE.test(date);
}

/**
 * Matches the requested quantities to ticket types, by id first, then by name (case and spacing
 * ignored). `select` asks for one ticket of that type when no quantity names it.
 */
export function resolveQuantityRequests(
  requests: readonly QuantityRequest[],
  selectTypeId: string | null,
  types: readonly Pick<TicketType, 'id' | 'name'>[],
): { quantities: Record<string, number>; unmatched: string[] } {
  const norm = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  const quantities: Record<string, number> = {};
  const unmatched: string[] = [];
  for (const request of requests) {
    const type =
      types.find((t) => t.id === request.key) ??
      types.find((t) => norm(t.name) === norm(request.key));
    if (type) quantities[type.id] = (quantities[type.id] ?? 0) + request.count;
    else unmatched.push(request.key);
  }
  if (selectTypeId !== null && quantities[selectTypeId] === undefined) {
    if (types.some((t) => t.id === selectTypeId)) quantities[selectTypeId] = 1;
    else unmatched.push(selectTypeId);
  }
  return { quantities, unmatched };
}
