import * as catalogTables from '@/db/schema/catalog';
import * as codesTables from '@/db/schema/codes';
import * as identityTables from '@/db/schema/identity';
import * as membershipTables from '@/db/schema/memberships';
import { paymentPlan } from '@/db/schema/payment-plans';
import { seatLayout, seatTemplate } from '@/db/schema/seats';
import { eventSession, sessionRule } from '@/db/schema/sessions';

/**
 * The import's model (decision 0041): a seller file becomes rows of the catalogue tables, each
 * with its identity (its key, or the natural key of a table without one), its id and the column
 * values the file decides. The current rows are read into the same shape, so a plan is a plain
 * comparison, and applying it is insert, update, delete by id.
 */
export const TABLES = {
  seller: identityTables.seller,
  identity: identityTables.identity,
  venue: catalogTables.venue,
  seat_layout: seatLayout,
  seat_template: seatTemplate,
  image: catalogTables.image,
  payment_plan: paymentPlan,
  event_template: catalogTables.eventTemplate,
  ticket_group: catalogTables.ticketGroup,
  ticket_type: catalogTables.ticketType,
  session_rule: sessionRule,
  event_session: eventSession,
  meta: catalogTables.meta,
  config: catalogTables.configRow,
  code: codesTables.code,
  checkout_rule: codesTables.checkoutRule,
  ledger_card: codesTables.ledgerCard,
  membership_program: membershipTables.membershipProgram,
  membership_role: membershipTables.membershipRole,
  membership_rule: membershipTables.membershipRule,
} as const;
export type TableName = keyof typeof TABLES;

/** Parents before children: inserts run in this order, deletes in the reverse. */
export const TABLE_ORDER = Object.keys(TABLES) as TableName[];

/** Tables whose rows the file names by a stored key (`catalog_key.kind` is the table). */
export const KEYED_TABLES: ReadonlySet<TableName> = new Set([
  'venue',
  'payment_plan',
  'event_template',
  'ticket_group',
  'ticket_type',
  'session_rule',
  'event_session',
  'checkout_rule',
  'membership_program',
]);

/** A catalogue table's row as read, by drizzle property name. */
export type AnyRow = Record<string, unknown> & { id: string };

/** One row as the file wants it or as the database has it. */
export interface Row {
  table: TableName;
  /** the key (keyed tables) or natural key that finds the row again */
  identity: string;
  id: string;
  /** for people: `ticket type general-admission/timed/adult` */
  label: string;
  /** column values by drizzle property name: the columns the file decides */
  values: Record<string, unknown>;
  /** columns written when the row is made and never compared again (opening balances) */
  createOnly?: Record<string, unknown>;
  /** generated sessions: the rule they belong to; seats: their layout (a short summary) */
  group?: string;
}

/** A value in a stable text form: dates as ISO instants, objects with sorted keys. */
export function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  }).replace(/"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)"/g, (_m, iso: string) =>
    JSON.stringify(new Date(iso).toISOString()),
  );
}

/** The columns whose values differ. */
export function changedFields(want: Row, have: Row): string[] {
  return Object.keys(want.values).filter(
    (k) => canonical(want.values[k]) !== canonical(have.values[k]),
  );
}
