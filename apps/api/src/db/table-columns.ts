import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/** One column of a table as a hand-written statement needs it. */
export interface ColumnSpec<Key extends string> {
  /** drizzle's property name (the row object's key) */
  key: Key;
  /** the SQL column name */
  name: string;
  /** the SQL type, for casts and `jsonb_to_recordset` record definitions */
  type: string;
}

/**
 * A table's columns read from its drizzle schema, minus `omit` (columns the database fills
 * itself). Hot statements that write rows by hand (hold-statement.ts, hold-batch.ts) list their
 * columns with this, so a column added to the schema is written too, never forgotten.
 */
export function columnsOf<
  T extends Table,
  Omitted extends keyof T['_']['columns'] & string = never,
>(
  table: T,
  omit: readonly Omitted[] = [],
): ColumnSpec<Exclude<keyof T['_']['columns'] & string, Omitted>>[] {
  const skipped = new Set<string>(omit);
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !skipped.has(key))
    .map(([key, column]) => ({
      key: key as Exclude<keyof T['_']['columns'] & string, Omitted>,
      name: column.name,
      type: column.getSQLType(),
    }));
}

/** The column names, comma-separated, for `insert into t (…)`. */
export const columnNames = (columns: readonly ColumnSpec<string>[]): SQL =>
  sql.raw(columns.map((c) => c.name).join(', '));

/** The record definition of `jsonb_to_recordset(…) as v(…)`: each name with its SQL type. */
export const recordDefinition = (columns: readonly ColumnSpec<string>[]): SQL =>
  sql.raw(columns.map((c) => `${c.name} ${c.type}`).join(', '));

/** A row as the JSON object `jsonb_to_recordset` reads: its values under the SQL names. */
export const recordOf = <Key extends string>(
  columns: readonly ColumnSpec<Key>[],
  row: Record<Key, unknown>,
): Record<string, unknown> => Object.fromEntries(columns.map((c) => [c.name, row[c.key]]));
