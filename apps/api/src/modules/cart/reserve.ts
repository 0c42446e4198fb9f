import { MAX_TICKETS_PER_TYPE } from '@admit/contracts/constants';
import { AppError } from '@/http/app-error';
import { throwCapacityRefusal } from './capacity-refusal';
import { holdInOneStatement, type CounterTake } from './hold-statement';
import type { BundleRows } from './bundle-repo';
import type { PlannedTicket } from './reserve-plan';
import type { countLiveTickets } from './repo';
import type { Executor } from '@/db/transaction';
import type { NewTicket, TicketRow } from '@/db/schema/cart';

type LiveCounts = Awaited<ReturnType<typeof countLiveTickets>>;

const keyOf = (groupOrType: string, sessionId: string | null) =>
  `${groupOrType}|${sessionId ?? ''}`;

/**
 * spec: shopping §5 / issue "Order rules" — per ticket group and session, the cart's tickets
 * after this change must be within min_tickets_per_order and max_tickets_per_order (null or
 * negative: no limit), and no ticket type may exceed 1000 per session.
 */
export function checkOrderLimits(planned: PlannedTicket[], live: LiveCounts) {
  const perGroup = new Map<
    string,
    { group: PlannedTicket['group']; sessionId: string | null; n: number }
  >();
  const perType = new Map<string, number>();
  for (const t of planned) {
    const sessionId = t.session?.id ?? null;
    const key = keyOf(t.group.id, sessionId);
    const entry = perGroup.get(key) ?? { group: t.group, sessionId, n: 0 };
    entry.n++;
    perGroup.set(key, entry);
    const typeKey = keyOf(t.type.id, sessionId);
    perType.set(typeKey, (perType.get(typeKey) ?? 0) + 1);
  }
  const liveOf = (match: (row: LiveCounts[number]) => boolean) =>
    live.filter(match).reduce((n, row) => n + row.n, 0);

  for (const { group, sessionId, n } of perGroup.values()) {
    const total =
      n + liveOf((row) => row.ticketGroupId === group.id && row.eventSessionId === sessionId);
    const extra = { ticket_group_id: group.id, event_session_id: sessionId, requested: total };
    const max = group.maxTicketsPerOrder;
    if (max !== null && max >= 0 && total > max) {
      throw new AppError(
        'max_tickets_per_order_exceeded',
        'reserve',
        `At most ${max} tickets of this kind can be bought in one order`,
        { ...extra, max },
      );
    }
    const min = group.minTicketsPerOrder;
    if (min !== null && min > 0 && total < min) {
      throw new AppError(
        'min_tickets_per_order_not_met',
        'reserve',
        `At least ${min} tickets of this kind must be bought in one order`,
        { ...extra, min },
      );
    }
  }
  for (const [typeKey, n] of perType) {
    const [typeId, session] = typeKey.split('|');
    const total =
      n + liveOf((row) => row.ticketTypeId === typeId && (row.eventSessionId ?? '') === session);
    if (total > MAX_TICKETS_PER_TYPE) {
      throw new AppError(
        'max_tickets_per_order_exceeded',
        'reserve',
        `At most ${MAX_TICKETS_PER_TYPE} tickets of one type can be bought in one order`,
        { ticket_type_id: typeId, max: MAX_TICKETS_PER_TYPE, requested: total },
      );
    }
  }
}

/**
 * A membership level is bought once per cart, whole (decision 0032): its members come in one
 * modify; to change them the cart's tickets of that level are removed first (removing one
 * removes all, `removeInTx`).
 */
export function checkMembershipLevels(planned: PlannedTicket[], live: LiveCounts) {
  for (const t of planned) {
    if (t.group.handler !== 'membership') continue;
    if (live.some((row) => row.ticketTypeId === t.type.id && row.n > 0)) {
      throw new AppError(
        'validation_failed',
        'membership',
        'This membership level is already in the cart',
        { field: 'ticket_type_id', ticket_type_id: t.type.id },
      );
    }
  }
}

const sumBy = (items: PlannedTicket[], key: (t: PlannedTicket) => string | null) => {
  const sums = new Map<string, number>();
  for (const t of items) {
    const k = key(t);
    if (k) sums.set(k, (sums.get(k) ?? 0) + 1);
  }
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
};

/** Whether a ticket takes a place of its session (issue "Holds"). */
export const takesSession = (t: PlannedTicket) =>
  t.session !== null && !t.group.excludeFromEventCapacity;
/** Whether a ticket takes a place of its ticket group: only limited groups count. */
export const takesGroup = (t: PlannedTicket) => t.group.capacity !== -1;

/** The ticket row a planned ticket becomes, `in_cart`, recording which counters it takes. */
export function newTicketOf(t: PlannedTicket): Omit<NewTicket, 'cartId'> {
  return {
    ticketTypeId: t.type.id,
    ticketGroupId: t.group.id,
    eventTemplateId: t.event.id,
    eventSessionId: t.session?.id ?? null,
    state: 'in_cart',
    admitName: t.admitName,
    admitEmail: t.admitEmail,
    additionalInfo: t.additionalInfo,
    faceValue: t.faceValue,
    adjustedValue: t.faceValue,
    validFrom: t.validFrom,
    validTo: t.validTo,
    seatTemplateId: t.seatTemplateId,
    partyRole: t.partyRole,
    holdsSessionCapacity: takesSession(t),
    holdsGroupCapacity: takesGroup(t),
  };
}

/**
 * The one session a new cart's tickets take places of, when that is ALL they take (no limited
 * group, none excluded from the session's capacity): such holds can be coalesced (hold-batch.ts).
 */
export function soleSessionCounter(planned: PlannedTicket[]): string | null {
  const sessionId = planned[0]?.session?.id ?? null;
  if (!sessionId) return null;
  const sole = planned.every(
    (t) => t.session?.id === sessionId && takesSession(t) && !takesGroup(t),
  );
  return sole ? sessionId : null;
}

/** What a hold wrote: the tickets and each counter's used_capacity after it, by row id. */
export interface HeldTickets {
  tickets: TicketRow[];
  sessionsUsed: Map<string, number>;
  groupsUsed: Map<string, number>;
}

/**
 * Inserts the planned tickets `in_cart` and takes their capacity (sessions first, then groups,
 * each in id order) in ONE statement (hold-statement.ts). A refused counter is classified
 * (sold out vs exceeded) and thrown, which rolls back the caller's transaction, and with it
 * every place the statement took from the other counters.
 */
export async function holdTickets(
  tx: Executor,
  cartId: string,
  planned: PlannedTicket[],
): Promise<HeldTickets> {
  const counters: CounterTake[] = [
    ...sumBy(planned, (t) => (takesSession(t) ? t.session!.id : null)).map(([id, quantity]) => ({
      table: 'event_session' as const,
      id,
      quantity,
    })),
    ...sumBy(planned, (t) => (takesGroup(t) ? t.group.id : null)).map(([id, quantity]) => ({
      table: 'ticket_group' as const,
      id,
      quantity,
    })),
  ];
  const result = await holdInOneStatement(
    tx,
    planned.map((t) => ({ ...newTicketOf(t), cartId })),
    counters,
  );
  if (result.refused) await throwCapacityRefusal(tx, result.refused);
  if (result.tickets.length !== planned.length) {
    throw new Error(`hold inserted ${result.tickets.length} of ${planned.length} tickets`);
  }
  const usedOf = (table: CounterTake['table']) =>
    new Map(counters.filter((c) => c.table === table).map((c) => [c.id, result.used.get(c.id)!]));
  return {
    tickets: result.tickets,
    sessionsUsed: usedOf('event_session'),
    groupsUsed: usedOf('ticket_group'),
  };
}

/**
 * A new cart's bundle rows without reading them again: the rows the plan read, with each
 * counter's used_capacity as the hold left it, and the tickets in bundle order (created_at, id).
 */
export function rowsAfterHold(rows: BundleRows, held: HeldTickets) {
  const byCreation = (a: TicketRow, b: TicketRow) =>
    a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    tickets: [...held.tickets].sort(byCreation),
    rows: {
      ...rows,
      sessions: rows.sessions.map((s) => ({
        ...s,
        usedCapacity: held.sessionsUsed.get(s.id) ?? s.usedCapacity,
      })),
      groups: rows.groups.map((g) => ({
        ...g,
        usedCapacity: held.groupsUsed.get(g.id) ?? g.usedCapacity,
      })),
    },
  };
}
