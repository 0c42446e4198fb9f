import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { QUERY_LIMIT_DEFAULT, QUERY_LIMIT_MAX } from '@admit/contracts/constants';
import { AppError } from './app-error';
import {
  MAX_IN_ITEMS,
  ValueError,
  checkText,
  isCalendarDate,
  parseValue,
  type FieldSpec,
  type ParsedValue,
} from './query-values';

/**
 * The query grammar every list route speaks (spec: shopping §7 "_seller, _embed and _limit"):
 *   _seller=<slug>            required everywhere but on a seller's domain (caller.ts)
 *   _embed=a,b                sibling collections, validated per route
 *   _limit=n                  1..1000, default 1000
 *   _sort=field,-field        whitelisted per route
 *   field=v | field._in=a,b | field._lt/_lte/_gt/_gte=v
 *   relation.field._in=…      EXISTS on a related table (ticket_group.hidden_type._in)
 *   meta.<key>._in=…          event meta rows with that key whose value is in the list
 *   _ondate=YYYY-MM-DD        a session starts that day in the venue's time zone
 * Anything else is a 400 naming the offending key; nothing here can reach the database unchecked.
 */

export type FilterOp = 'eq' | 'in' | 'lt' | 'lte' | 'gt' | 'gte';

const OPS: Record<string, FilterOp> = {
  _in: 'in',
  _lt: 'lt',
  _lte: 'lte',
  _gt: 'gt',
  _gte: 'gte',
};

export interface RelationSpec {
  fields: Record<string, FieldSpec>;
}

/** What one route accepts. Fields not listed here are refused, never passed through. */
export interface QuerySpec {
  /** `_context` of the route's validation errors */
  context: string;
  fields: Record<string, FieldSpec>;
  relations?: Record<string, RelationSpec>;
  /** accepts `meta.<key>._in` */
  meta?: boolean;
  /** accepts `_ondate` */
  ondate?: boolean;
  sort?: { fields: Record<string, SQL>; default: string };
  embeds?: readonly string[];
  /**
   * route-specific parameters (`_format`, `_include_sold_out`, a new cart's `campaign`), passed
   * through as text for the route to check; they are never filters
   */
  options?: readonly string[];
}

export interface Filter {
  /** the query key as sent, for error messages */
  key: string;
  spec: FieldSpec;
  op: FilterOp;
  values: ParsedValue[];
}

export interface SortTerm {
  sql: SQL;
  desc: boolean;
}

export interface ParsedQuery {
  embeds: Set<string>;
  limit: number;
  sort: SortTerm[];
  filters: Filter[];
  /** relation name → its filters; one related row must satisfy all of them */
  relations: Map<string, Filter[]>;
  meta: { key: string; values: string[] }[];
  ondate: string | null;
  /** values of the route's own parameters (see QuerySpec.options) */
  options: Record<string, string>;
}

const RESERVED = new Set(['_seller', '_embed', '_limit', '_sort', '_ondate']);

const invalid = (context: string, field: string, message: string, value?: string) =>
  new AppError('validation_failed', context, `${field}: ${message}`, {
    field,
    ...(value === undefined ? {} : { value: value.slice(0, 100) }),
  });

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

function parseFilter(context: string, key: string, spec: FieldSpec, op: FilterOp, raw: string) {
  const items = op === 'in' ? splitList(raw) : [raw];
  if (items.length > MAX_IN_ITEMS) throw invalid(context, key, `at most ${MAX_IN_ITEMS} values`);
  if (op !== 'in' && op !== 'eq' && (spec.type === 'bool' || spec.type === 'uuid')) {
    throw invalid(context, key, `cannot compare a ${spec.type} with ${op}`);
  }
  try {
    return { key, spec, op, values: items.map((item) => parseValue(spec.type, item)) };
  } catch (err) {
    if (err instanceof ValueError) throw invalid(context, key, err.message, raw);
    throw err;
  }
}

function parseLimit(context: string, raw: string | undefined): number {
  if (raw === undefined) return QUERY_LIMIT_DEFAULT;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > QUERY_LIMIT_MAX) {
    throw invalid(context, '_limit', `must be an integer from 1 to ${QUERY_LIMIT_MAX}`, raw);
  }
  return n;
}

function parseSort(context: string, spec: QuerySpec, raw: string | undefined): SortTerm[] {
  const sortable = spec.sort?.fields ?? {};
  const terms = splitList(raw ?? spec.sort?.default ?? '');
  return terms.map((term) => {
    const desc = term.startsWith('-');
    const name = desc ? term.slice(1) : term;
    const column = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
    if (!column) throw invalid(context, '_sort', `cannot sort by "${name}"`, raw);
    return { sql: column, desc };
  });
}

function parseEmbeds(context: string, spec: QuerySpec, raw: string | undefined): Set<string> {
  const allowed = spec.embeds ?? [];
  const embeds = new Set<string>();
  for (const name of splitList(raw ?? '')) {
    if (!allowed.includes(name)) throw invalid(context, '_embed', `cannot embed "${name}"`, name);
    embeds.add(name);
  }
  return embeds;
}

/**
 * A route's `querystring` schema when the grammar below checks the query: it types the query as
 * the app's querystring parser gives it (every value a string, app.ts) and passes the object on
 * untouched, so `parseQuery` still sees every key (a zod record would drop `__proto__`).
 */
export const queryStringsSchema = z.custom<Record<string, string>>(
  (value) => typeof value === 'object' && value !== null,
);

/** Parses and validates a request's query against the route's spec; throws 400 AppErrors. */
export function parseQuery(spec: QuerySpec, query: Record<string, string>): ParsedQuery {
  const { context } = spec;
  const entries = Object.entries(query ?? {});
  for (const [key, value] of entries) checkTextOr400(context, key, value);

  // `_seller` is the caller hook's (caller.ts): required there, except on a seller's domain
  const parsed: ParsedQuery = {
    embeds: parseEmbeds(context, spec, query._embed),
    limit: parseLimit(context, query._limit),
    sort: parseSort(context, spec, query._sort),
    filters: [],
    relations: new Map(),
    meta: [],
    ondate: null,
    options: {},
  };

  for (const [key, raw] of entries) {
    if (spec.options?.includes(key)) {
      parsed.options[key] = raw;
      continue;
    }
    if (key.startsWith('_')) {
      if (!RESERVED.has(key) || (key === '_ondate' && !spec.ondate)) {
        throw invalid(context, key, 'unknown parameter');
      }
      if (key === '_ondate') {
        if (!isCalendarDate(raw)) throw invalid(context, key, 'not a valid date (YYYY-MM-DD)', raw);
        parsed.ondate = raw;
      }
      continue;
    }
    addFilter(spec, parsed, key, raw);
  }
  return parsed;
}

function checkTextOr400(context: string, key: string, value: string) {
  try {
    checkText(key);
    checkText(value);
  } catch (err) {
    if (err instanceof ValueError) throw invalid(context, key.slice(0, 100), err.message);
    throw err;
  }
}

function addFilter(spec: QuerySpec, parsed: ParsedQuery, key: string, raw: string) {
  const { context } = spec;
  const segments = key.split('.');
  const last = segments[segments.length - 1] ?? '';
  let op: FilterOp = 'eq';
  if (last.startsWith('_')) {
    const named = Object.hasOwn(OPS, last) ? OPS[last] : undefined;
    if (!named) throw invalid(context, key, `unknown operator "${last}"`);
    op = named;
    segments.pop();
  }
  if (segments.length === 0 || segments.some((s) => s.length === 0)) {
    throw invalid(context, key, 'unknown field');
  }
  const [head, ...rest] = segments as [string, ...string[]];

  if (rest.length === 0 && Object.hasOwn(spec.fields, head)) {
    parsed.filters.push(parseFilter(context, key, spec.fields[head]!, op, raw));
    return;
  }
  if (head === 'meta' && spec.meta && rest.length > 0) {
    if (op !== 'in' && op !== 'eq') throw invalid(context, key, 'meta filters take _in');
    const values = op === 'in' ? splitList(raw) : [raw];
    if (values.length > MAX_IN_ITEMS) throw invalid(context, key, `at most ${MAX_IN_ITEMS} values`);
    parsed.meta.push({ key: rest.join('.'), values });
    return;
  }
  const relation =
    spec.relations && Object.hasOwn(spec.relations, head) ? spec.relations[head] : undefined;
  const field =
    rest.length === 1 && relation && Object.hasOwn(relation.fields, rest[0]!)
      ? relation.fields[rest[0]!]
      : undefined;
  if (!relation || !field) throw invalid(context, key, 'unknown field');
  const list = parsed.relations.get(head) ?? [];
  list.push(parseFilter(context, key, field, op, raw));
  parsed.relations.set(head, list);
}
