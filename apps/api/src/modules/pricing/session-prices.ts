import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { eventSession, sessionPrice } from '@/db/schema/sessions';

/**
 * The price of ticket type T at session S (shopping §3 Session price, §7 `price_schedule`;
 * decision 0043): the session's own price (`session_price`) when it has one, else the type's
 * amount. The one home of that rule: the availability reads quote it, the reserve records it on
 * the ticket and so the order edit's difference follows it.
 */

/** A session's own prices: ticket type id → minor units. Types without a row are not in it. */
export type SessionPriceMap = Readonly<Record<string, number>>;

/** What the rule needs of a ticket type. */
export interface PricedType {
  id: string;
  /** minor units */
  amount: number;
}

/** The type's price at a session with these overrides (none: the type's own amount). */
export function priceAtSession(type: PricedType, overrides: SessionPriceMap | null | undefined) {
  return overrides?.[type.id] ?? type.amount;
}

/**
 * The session's own prices as one JSON object (`{ typeId: amount }`, `{}` without any), read
 * beside the session row on the same statement: a correlated lookup on session_price's key,
 * so a read of sessions needs no second round trip for their prices.
 */
export function sessionPricesSql(sessionId: AnyColumn | SQL): SQL<unknown> {
  return sql`coalesce((select json_object_agg(sp.ticket_type_id, sp.amount)
    from ${sessionPrice} sp where sp.event_session_id = ${sessionId}), '{}'::json)`;
}

/** Whether the type has a price of its own at some session (read beside the type row). */
export function hasSessionPricesSql(typeId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sessionPrice} sp where sp.ticket_type_id = ${typeId})`;
}

/**
 * The lowest price of a type among its event's sessions matching `sessions` (a condition on
 * `event_session`), by `priceAtSession`'s rule: the least of the overrides at those sessions
 * and, when one of them has no override, the type's amount; null when none matches. Two indexed
 * lookups beside the type row (session_price by type; the first session without an override),
 * so a listing of many events and sessions still reads its prices in one statement.
 */
export function lowestSessionPriceSql(
  type: { id: AnyColumn; amount: AnyColumn; eventTemplateId: AnyColumn },
  sessions: SQL,
): SQL<number | null> {
  return sql<number | null>`least(
    (select min(sp.amount) from ${sessionPrice} sp
      join ${eventSession} on ${eventSession.id} = sp.event_session_id
      where sp.ticket_type_id = ${type.id} and ${sessions}),
    case when exists (select 1 from ${eventSession}
      where ${eventSession.eventTemplateId} = ${type.eventTemplateId} and ${sessions}
        and not exists (select 1 from ${sessionPrice} sp
          where sp.event_session_id = ${eventSession.id} and sp.ticket_type_id = ${type.id}))
    then ${type.amount} end)`;
}

/** The JSON of `sessionPricesSql` as the driver hands it back (node-postgres parses, others not). */
export function toSessionPriceMap(value: unknown): SessionPriceMap {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return {};
  const out: Record<string, number> = {};
  for (const [typeId, amount] of Object.entries(parsed)) out[typeId] = Number(amount);
  return out;
}
