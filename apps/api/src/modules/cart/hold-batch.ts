import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import type { PreparedExecute } from '@/db/prepared';
import { sessionAvailableCapacity } from '@/modules/availability/rules';
import type { HeldTickets } from './reserve';
import {
  sqlStateOf,
  withRetryingStatement,
  withRetryingTransaction,
  type Tx,
} from '@/db/transaction';
import type { CartRow, TicketRow } from '@/db/schema/cart';
import { capacityRefusal, type CounterRow } from './capacity-refusal';
import {
  CartNumberTaken,
  writeBatch,
  type BatchedHold,
  type BatchWritten,
} from './hold-batch-write';

/**
 * Group commit of new-cart holds on one session (decision 0011 "Coalesced holds"). Every
 * reserve of a rush commits through the same counter row, one transaction at a time; here the
 * reserves that arrive while a batch is in flight wait for it and then go together: in ONE
 * statement when they all fit (the counter's conditional UPDATE, their carts and tickets:
 * hold-batch-write.ts), else in ONE transaction: the counter row is locked (`SELECT … FOR
 * UPDATE`, which returns the newest committed row), places are granted whole request by whole
 * request in arrival order while they fit, and one statement adds the granted places to the
 * counter, inserts the winners' carts and tickets. The lock is held from that read to the
 * commit, so no other writer can move the counter in between: never oversold. A refused
 * request gets exactly the error the single path gives (`event_session_sold_out` when nothing
 * is left or the session is flagged, else `session_capacity_exceeded` with what is left). With
 * no queue a request goes alone at once, so a quiet server adds no wait.
 */

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
const CART_NUMBER_DRAWS = 5;

/** Where a batch is written: the one-statement way goes as a named statement when it can. */
interface Store {
  db: Db;
  prepared: PreparedExecute | null;
}

interface BatchOutcome {
  /** the counter as the batch leaves it, for the refused (undefined: no such session) */
  counter: CounterRow | undefined;
  /** the indexes of the batch's requests that won, in order */
  winners: number[];
  written: BatchWritten | null;
}

/** One batch in one transaction: which requests won, and the rows they wrote. */
async function holdBatchInTx(
  tx: Tx,
  sessionId: string,
  batch: BatchedHold[],
): Promise<BatchOutcome> {
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
  const holds = winners.map((i) => batch[i]!);
  const written = await writeBatch((q) => tx.execute(q), 'locked', sessionId, holds, granted);
  return { counter: after, winners, written };
}

/**
 * The whole batch at once when it all fits (hold-batch-write.ts `'all'`: one autocommitted
 * statement), else the locking transaction that grants request by request (also when the
 * statement refused: the places may still fit some of the batch). Every request of the first
 * way won, so none needs the counter a refusal is told.
 */
async function runBatch(
  { db, prepared }: Store,
  sessionId: string,
  batch: BatchedHold[],
): Promise<BatchOutcome> {
  const granted = batch.reduce((sum, hold) => sum + hold.tickets.length, 0);
  const execute: PreparedExecute = prepared ?? ((q) => db.execute(q));
  const written = await withRetryingStatement(() =>
    writeBatch(execute, 'all', sessionId, batch, granted),
  );
  if (written) return { counter: undefined, winners: batch.map((_, i) => i), written };
  return withRetryingTransaction(db, (tx) => holdBatchInTx(tx, sessionId, batch));
}

async function holdBatch(store: Store, sessionId: string, batch: Waiting[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await runBatch(store, sessionId, batch);
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
      const numberTaken = err instanceof CartNumberTaken || sqlStateOf(err) === '23505';
      if (numberTaken && attempt < CART_NUMBER_DRAWS) continue;
      for (const hold of batch) hold.reject(err);
      return;
    }
  }
}

/**
 * The per-session queues of one process (the cart service owns one). `prepared`: the batch
 * statement's named way on a direct connection (db/prepared.ts), when there is one.
 */
export function createHoldCoalescer(db: Db, prepared: PreparedExecute | null = null) {
  const store: Store = { db, prepared };
  const queues = new Map<string, Waiting[]>();

  async function drain(sessionId: string, queue: Waiting[]) {
    while (queue.length > 0) {
      await holdBatch(store, sessionId, queue.splice(0, MAX_BATCH));
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
