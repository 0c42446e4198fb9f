import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { sessionAvailableCapacity } from '@/modules/availability/rules';
import { newCartNumber } from './cart-number';
import { ticketRecordset, toStored } from './hold-statement';
import type { HeldTickets } from './reserve';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { cart, type CartRow, type NewTicket, type TicketRow } from '@/db/schema/cart';
import { columnNames, columnsOf, recordDefinition, recordOf } from '@/db/table-columns';
import { capacityRefusal, type CounterRow } from './capacity-refusal';

/**
 * Group commit of new-cart holds on one session (decision 0011 "Coalesced holds"). Every
 * reserve of a rush commits through the same counter row, one transaction at a time; here the
 * reserves that arrive while a batch is in flight wait for it and then go together in ONE
 * transaction: the counter row is locked (`SELECT … FOR UPDATE`, which returns the newest
 * committed row), places are granted whole request by whole request in arrival order while
 * they fit, and one statement adds the granted places to the counter, inserts the winners'
 * carts and tickets. The lock is held from that read to the commit, so no other writer can
 * move the counter in between: never oversold. A refused request gets exactly the error the
 * single path gives (`event_session_sold_out` when nothing is left or the session is flagged,
 * else `session_capacity_exceeded` with what is left). With no queue a request goes alone at
 * once, so a quiet server adds no wait.
 */

/** A new cart and its tickets, all taking places of one session only. */
export interface BatchedHold {
  cart: Omit<CartRow, 'id' | 'cartNumber' | 'state'>;
  tickets: Omit<NewTicket, 'cartId'>[];
}

export interface BatchedHoldResult {
  cart: CartRow;
  held: HeldTickets;
}

interface Waiting extends BatchedHold {
  resolve: (result: BatchedHoldResult) => void;
  reject: (err: unknown) => void;
}

// one statement's size stays sane; the rest waits for the next batch
const MAX_BATCH = 250;

class CartNumberTaken extends Error {}

// every cart column, read from the schema: a new column is inserted too (BatchedHold's cart is
// a whole row, so TypeScript asks for its value)
const CART_COLUMNS = columnsOf(cart);

/** One batch in one transaction: which requests won, and the rows they wrote. */
async function holdBatchInTx(tx: Tx, sessionId: string, batch: BatchedHold[]) {
  const locked = await tx.execute<{
    capacity: number;
    oversell_capacity: number;
    used_capacity: number;
    sold_out: boolean;
  }>(
    sql`select capacity, oversell_capacity, used_capacity, sold_out from event_session
         where id = ${sessionId}::uuid for update`,
  );
  const row = locked.rows[0];
  const counter: CounterRow | undefined = row && {
    capacity: Number(row.capacity),
    oversellCapacity: Number(row.oversell_capacity),
    usedCapacity: Number(row.used_capacity),
    soldOut: row.sold_out,
  };
  let left =
    counter && !counter.soldOut
      ? sessionAvailableCapacity({
          capacity: counter.capacity,
          oversell_capacity: counter.oversellCapacity,
          used_capacity: counter.usedCapacity,
        })
      : 0;
  const unlimited = counter?.capacity === -1 && !counter.soldOut;
  const winners: number[] = [];
  let granted = 0;
  batch.forEach((hold, i) => {
    const n = hold.tickets.length;
    if (unlimited || n <= left) {
      winners.push(i);
      granted += n;
      if (!unlimited) left -= n;
    }
  });
  // what a refused request is told: the row as this batch leaves it
  const after = counter && { ...counter, usedCapacity: counter.usedCapacity + granted };
  if (winners.length === 0) return { counter: after, winners, written: null };

  const carts = winners.map((i): CartRow => ({
    ...batch[i]!.cart,
    id: randomUUID(),
    cartNumber: newCartNumber(),
    state: 'pending',
  }));
  const stored = winners.flatMap((i, w) =>
    batch[i]!.tickets.map((t) => toStored({ ...t, cartId: carts[w]!.id })),
  );
  // every cart and ticket goes as one jsonb parameter (see ticketRecordset)
  const cartJson = JSON.stringify(carts.map((c) => recordOf(CART_COLUMNS, c)));
  const tickets = ticketRecordset(stored);
  const result = await tx.execute<{
    used: number;
    carts: number;
    tickets: number;
    created_ms: number;
  }>(
    sql`with counter as (
          update event_session set used_capacity = used_capacity + ${granted}::integer
           where id = ${sessionId}::uuid returning used_capacity
        ), carts as (
          insert into cart (${columnNames(CART_COLUMNS)})
          select * from jsonb_to_recordset(${cartJson}::jsonb) as v(${recordDefinition(CART_COLUMNS)})
          on conflict do nothing
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
  // a drawn cart number already taken (rare): the cart and its tickets were skipped, so the
  // counter would count places nobody holds — roll back and draw again
  if (Number(out.carts) !== carts.length) throw new CartNumberTaken();
  if (Number(out.tickets) !== stored.length) {
    throw new Error(`batch inserted ${out.tickets} of ${stored.length} tickets`);
  }
  const createdAt = new Date(Number(out.created_ms));
  const rows: TicketRow[] = stored.map((t) => ({ ...t, createdAt }));
  return { counter: after, winners, written: { carts, tickets: rows, used: Number(out.used) } };
}

async function holdBatch(db: Db, sessionId: string, batch: Waiting[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await withRetryingTransaction(db, (tx) =>
        holdBatchInTx(tx, sessionId, batch),
      );
      const won = new Map(outcome.winners.map((i, w) => [i, w]));
      const ticketsOf = new Map<string, TicketRow[]>();
      for (const t of outcome.written?.tickets ?? []) {
        const list = ticketsOf.get(t.cartId);
        if (list) list.push(t);
        else ticketsOf.set(t.cartId, [t]);
      }
      batch.forEach((hold, i) => {
        const w = won.get(i);
        const written = outcome.written;
        if (w === undefined || !written) {
          hold.reject(
            capacityRefusal('event_session', sessionId, outcome.counter, hold.tickets.length),
          );
          return;
        }
        const cart = written.carts[w]!;
        hold.resolve({
          cart,
          held: {
            tickets: ticketsOf.get(cart.id) ?? [],
            sessionsUsed: new Map([[sessionId, written.used]]),
            groupsUsed: new Map(),
          },
        });
      });
      return;
    } catch (err) {
      if (err instanceof CartNumberTaken && attempt < 5) continue;
      for (const hold of batch) hold.reject(err);
      return;
    }
  }
}

/** The per-session queues of one process (the cart service owns one). */
export function createHoldCoalescer(db: Db) {
  const queues = new Map<string, Waiting[]>();

  async function drain(sessionId: string, queue: Waiting[]) {
    while (queue.length > 0) {
      await holdBatch(db, sessionId, queue.splice(0, MAX_BATCH));
    }
    queues.delete(sessionId);
  }

  /** Holds one new cart's tickets on `sessionId`, together with whatever else is waiting. */
  function hold(sessionId: string, request: BatchedHold): Promise<BatchedHoldResult> {
    return new Promise((resolve, reject) => {
      const waiting = queues.get(sessionId);
      if (waiting) {
        waiting.push({ ...request, resolve, reject });
        return;
      }
      const queue: Waiting[] = [{ ...request, resolve, reject }];
      queues.set(sessionId, queue);
      void drain(sessionId, queue);
    });
  }

  return { hold };
}
