import { sql, type SQL } from 'drizzle-orm';
import type { Filter, SortTerm } from './query-grammar';
import type { FieldType, ParsedValue } from './query-values';

/**
 * Turns parsed filters into parameterized SQL (drizzle `sql` template). Every value is a bound
 * parameter with an explicit cast, so PGlite and PostgreSQL infer the same types.
 */

const CAST: Record<FieldType, SQL> = {
  uuid: sql.raw('uuid'),
  text: sql.raw('text'),
  int: sql.raw('integer'),
  bool: sql.raw('boolean'),
  timestamp: sql.raw('timestamptz'),
  date: sql.raw('date'),
};

const COMPARE: Record<'lt' | 'lte' | 'gt' | 'gte', SQL> = {
  lt: sql.raw('<'),
  lte: sql.raw('<='),
  gt: sql.raw('>'),
  gte: sql.raw('>='),
};

function param(type: FieldType, value: ParsedValue): SQL {
  return sql`cast(${value} as ${CAST[type]})`;
}

/** `expr in (…)`; an empty list matches nothing rather than being invalid SQL. */
export function inList(expr: SQL, type: FieldType, values: ParsedValue[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${expr} in (${sql.join(
    values.map((v) => param(type, v)),
    sql`, `,
  )})`;
}

/** One filter as a condition on its field's expression. */
export function filterCondition(filter: Filter): SQL {
  const { spec, op, values } = filter;
  if (op === 'in') return inList(spec.sql, spec.type, values);
  const value = values[0];
  if (value === undefined) return sql`false`;
  if (op === 'eq') return sql`${spec.sql} = ${param(spec.type, value)}`;
  return sql`${spec.sql} ${COMPARE[op]} ${param(spec.type, value)}`;
}

/** All conditions joined with AND; `true` when there are none. */
export function allOf(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  if (present.length === 0) return sql`true`;
  return sql`(${sql.join(present, sql` and `)})`;
}

export function filterConditions(filters: Filter[] | undefined): SQL[] {
  return (filters ?? []).map(filterCondition);
}

/** ORDER BY terms; the id tiebreak keeps pages stable when sort keys repeat. */
export function orderBy(terms: SortTerm[], tiebreak: SQL): SQL[] {
  return [
    ...terms.map((t) => (t.desc ? sql`${t.sql} desc` : sql`${t.sql} asc`)),
    sql`${tiebreak} asc`,
  ];
}

/**
 * Meta rows of the resource with this key whose value, as text, is in the list. A JSON array
 * value matches when any of its elements does (meta such as `audience: ["Families", …]`).
 */
export function metaValueIn(valueExpr: SQL, values: string[]): SQL {
  if (values.length === 0) return sql`false`;
  const list = sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  );
  return sql`((${valueExpr} #>> '{}') in (${list}) or (jsonb_typeof(${valueExpr}) = 'array' and exists (
    select 1 from jsonb_array_elements_text(${valueExpr}) as element(value) where element.value in (${list}))))`;
}
