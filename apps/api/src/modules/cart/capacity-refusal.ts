import { eq } from 'drizzle-orm';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { AppError } from '@/http/app-error';
import { groupAvailableCapacity, sessionAvailableCapacity } from '@/modules/availability/rules';
import type { Executor } from '@/db/transaction';

/**
 * The one home of a hold's capacity refusal (spec: shopping §8): which error a counter row that
 * could not give `requested` places answers with. The single hold (reserve.ts) and the
 * coalesced one (hold-batch.ts) both end here, so they cannot drift apart.
 */

/** A capacity counter: an event session's or a limited ticket group's. */
export type CounterTable = 'event_session' | 'ticket_group';

/** The counter columns the refusal reads (drizzle's names). */
export interface CounterRow {
  capacity: number;
  oversellCapacity: number;
  usedCapacity: number;
  soldOut: boolean;
}

const WORDS = {
  event_session: {
    idField: 'event_session_id',
    missing: 'Session not found',
    soldOut: ['event_session_sold_out', 'The session is sold out'],
    exceeded: 'session_capacity_exceeded',
    noun: 'session',
    available: sessionAvailableCapacity,
  },
  ticket_group: {
    idField: 'ticket_group_id',
    missing: 'Ticket group not found',
    soldOut: ['ticket_group_sold_out', 'The ticket group is sold out'],
    exceeded: 'ticket_group_capacity_exceeded',
    noun: 'ticket group',
    available: groupAvailableCapacity,
  },
} as const;

/**
 * The refusal for `requested` places of counter `id`, given its row as committed now (undefined:
 * the row is gone, 404). Nothing left, or the counter flagged sold out, is "sold out"; some left
 * but fewer than asked is "exceeded", with what is left.
 */
export function capacityRefusal(
  table: CounterTable,
  id: string,
  row: CounterRow | undefined,
  requested: number,
): AppError {
  const words = WORDS[table];
  if (!row) return new AppError('not_found', 'reserve', words.missing, { [words.idField]: id });
  const available = words.available({
    capacity: row.capacity,
    oversell_capacity: row.oversellCapacity,
    used_capacity: row.usedCapacity,
  });
  const extra = { [words.idField]: id, available: Math.max(available, 0), requested };
  if (row.soldOut || available <= 0) {
    return new AppError(words.soldOut[0], 'reserve', words.soldOut[1], extra);
  }
  return new AppError(
    words.exceeded,
    'reserve',
    `Only ${available} tickets are left for this ${words.noun}`,
    extra,
  );
}

/** Reads the refused counter's row as committed now and throws its refusal. */
export async function throwCapacityRefusal(
  tx: Executor,
  refused: { table: CounterTable; id: string; quantity: number },
): Promise<never> {
  const [row] =
    refused.table === 'event_session'
      ? await tx.select().from(eventSession).where(eq(eventSession.id, refused.id))
      : await tx.select().from(ticketGroup).where(eq(ticketGroup.id, refused.id));
  throw capacityRefusal(refused.table, refused.id, row, refused.quantity);
}
