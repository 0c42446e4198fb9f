import type { SQL } from 'drizzle-orm';

/** The value types a filterable field may have; each has one parser and one SQL cast. */
export type FieldType = 'uuid' | 'text' | 'int' | 'bool' | 'timestamp' | 'date';

/** A whitelisted field: the SQL expression it filters or sorts on and the type of its values. */
export interface FieldSpec {
  sql: SQL;
  type: FieldType;
}

export type ParsedValue = string | number | boolean;

export class ValueError extends Error {}

/** Longest single value accepted; longer ones are garbage, not data. */
export const MAX_VALUE_LENGTH = 1000;
/** Most items in one `_in` list. */
export const MAX_IN_ITEMS = 1000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const INT_RE = /^-?\d{1,10}$/;
const TRUE_WORDS = new Set(['true', 't', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', 'f', '0', 'no', 'n']);

export const isUuid = (value: string) => UUID_RE.test(value);

/** True for a real calendar day (rejects 2025-02-30, which Date would roll over). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

/**
 * Text must be sendable to PostgreSQL as a parameter: NUL bytes are rejected there with a
 * server error, so they are a client error here.
 */
export function checkText(value: string): string {
  if (value.length > MAX_VALUE_LENGTH) throw new ValueError('value is too long');
  if (value.includes('\u0000')) throw new ValueError('value contains a NUL character');
  return value;
}

/** Parses one query value as the field's type; throws ValueError with a readable reason. */
export function parseValue(type: FieldType, raw: string): ParsedValue {
  checkText(raw);
  switch (type) {
    case 'text':
      return raw;
    case 'uuid':
      if (!UUID_RE.test(raw)) throw new ValueError('not a valid uuid');
      return raw.toLowerCase();
    case 'int': {
      const n = INT_RE.test(raw) ? Number(raw) : NaN;
      // PostgreSQL integer columns are 32-bit; anything wider could only fail in the database
      if (!Number.isSafeInteger(n) || n < -2147483648 || n > 2147483647) {
        throw new ValueError('not a valid integer');
      }
      return n;
    }
    case 'bool': {
      const word = raw.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      throw new ValueError('not a valid boolean');
    }
    case 'date':
      if (!isCalendarDate(raw)) throw new ValueError('not a valid date (YYYY-MM-DD)');
      return raw;
    case 'timestamp': {
      // a bare date means midnight UTC of that day
      if (isCalendarDate(raw)) return `${raw}T00:00:00.000Z`;
      const m = DATETIME_RE.exec(raw);
      if (!m || !isCalendarDate(`${m[1]}-${m[2]}-${m[3]}`)) {
        throw new ValueError('not a valid timestamp (ISO 8601)');
      }
      if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) {
        throw new ValueError('not a valid timestamp (ISO 8601)');
      }
      const ms = Date.parse(m[7] ? raw.replace(' ', 'T') : `${raw.replace(' ', 'T')}Z`);
      if (Number.isNaN(ms)) throw new ValueError('not a valid timestamp (ISO 8601)');
      return new Date(ms).toISOString();
    }
  }
}
