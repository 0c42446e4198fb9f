import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PreparedExecute } from '@/db/prepared';
import { cart, type CartRow, type NewTicket, type TicketRow } from '@/db/schema/cart';
import { columnNames, columnsOf, recordDefinition, recordOf } from '@/db/table-columns';
import { newCartNumber } from './cart-number';
import { counterUpdate, ticketRecordset, toStored } from './hold-statement';

/**
 * The one write statement of a coalesced batch (hold-batch.ts): the session's counter, the
 * winners' carts and their tickets, as two jsonb parameters. Two ways to send it:
 *
 * - `'all'`: the whole batch fits, as in a rush until the last places. The counter's UPDATE is
 *   conditional (hold-statement.ts `counterUpdate`: not sold out, the places still there) and
 *   the carts and tickets are inserted only when it matched, so the statement is its own
 *   transaction: one round trip instead of begin, lock, write and commit. A refused counter
 *   writes nothing and the locking path decides who of the batch wins.
 * - `'locked'`: inside the locking path's transaction, after `SELECT … FOR UPDATE` decided the
 *   winners: the counter is added to as it is.
 *
 * A drawn cart number already taken (rare) writes nothing either: `'all'` fails on the unique
 * index (23505) and `'locked'` skips the cart (`on conflict do nothing`, then rolled back by
 * the caller when fewer carts than drawn were inserted); both draw again.
 */

/** A new cart and its tickets, all taking places of one session only. */
export interface BatchedHold {
  cart: Omit<CartRow, 'id' | 'cartNumber' | 'state'>;
  tickets: Omit<NewTicket, 'cartId'>[];
}

/** What one batch wrote: the winners' carts, their tickets and the counter after it. */
export interface BatchWritten {
  carts: CartRow[];
  tickets: TicketRow[];
  used: number;
}

export class CartNumberTaken extends Error {}

// every cart column, read from the schema: a new column is inserted too (BatchedHold's cart is
// a whole row, so TypeScript asks for its value)
const CART_COLUMNS = columnsOf(cart);

function counterOf(mode: 'all' | 'locked', sessionId: string, granted: number): SQL {
  if (mode === 'all')
    return counterUpdate({ table: 'event_session', id: sessionId, quantity: granted });
  return sql`update event_session set used_capacity = used_capacity + ${granted}::integer
               where id = ${sessionId}::uuid returning used_capacity`;
}

/**
 * Writes `holds` (the winners, in order) and the `granted` places they take; null when the
 * counter refused (`'all'` only: nothing was written).
 */
export async function writeBatch(
  execute: PreparedExecute,
  mode: 'all' | 'locked',
  sessionId: string,
  holds: BatchedHold[],
  granted: number,
): Promise<BatchWritten | null> {
  const carts = holds.map((hold): CartRow => ({
    ...hold.cart,
    id: randomUUID(),
    cartNumber: newCartNumber(),
    state: 'pending',
  }));
  const stored = holds.flatMap((hold, w) =>
    hold.tickets.map((t) => toStored({ ...t, cartId: carts[w]!.id })),
  );
  // every cart and ticket goes as one jsonb parameter (see ticketRecordset)
  const cartJson = JSON.stringify(carts.map((c) => recordOf(CART_COLUMNS, c)));
  const tickets = ticketRecordset(stored);
  const onlyIfCounted = mode === 'all' ? sql`where exists (select 1 from counter)` : sql``;
  const onConflict = mode === 'locked' ? sql`on conflict do nothing` : sql``;
  const result = await execute<{
    used: number | null;
    carts: number;
    tickets: number;
    created_ms: number;
  }>(
    sql`with counter as (${counterOf(mode, sessionId, granted)}),
        carts as (
          insert into cart (${columnNames(CART_COLUMNS)})
          select * from jsonb_to_recordset(${cartJson}::jsonb) as v(${recordDefinition(CART_COLUMNS)})
          ${onlyIfCounted}
          ${onConflict}
          returning id
        ), tickets as (
          insert into ticket (${tickets.names})
          select v.* from jsonb_to_recordset(${tickets.json}::jsonb) as v(${tickets.definition})
            join carts c on c.id = v.cart_id
          returning created_at
        )
        select (select used_capacity from counter) as used,
               (select count(*) from carts)::integer as carts,
               (select count(*) from tickets)::integer as tickets,
               (select floor(extract(epoch from max(created_at)) * 1000)::float8 from tickets)
                 as created_ms`,
  );
  const out = result.rows[0]!;
  if (out.used === null) return null; // 'all' only: the counter refused, nothing was written
  // 'locked': the counter would count places nobody holds; the caller rolls back
  if (Number(out.carts) !== carts.length) throw new CartNumberTaken();
  if (Number(out.tickets) !== stored.length) {
    throw new Error(`batch inserted ${out.tickets} of ${stored.length} tickets`);
  }
  const createdAt = new Date(Number(out.created_ms));
  const rows: TicketRow[] = stored.map((t) => ({ ...t, createdAt }));
  return { carts, tickets: rows, used: Number(out.used) };
}
