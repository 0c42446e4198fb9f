import { AppError } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import { sqlStateOf, type Executor } from '@/db/transaction';
import { seatLabel } from '@admit/contracts/seat-map';
import { selectCartSeatIds, selectSeatsByIds, selectTakenAmong } from './repo';

/**
 * The seat rules of a reserve (decision 0052 "Reserving"), for the cart's modify: a ticket of
 * a `seated` group carries a seat of its session's layout that may be sold in its group and is
 * not blocked, no seat twice in one request, a companion seat only with its wheelchair seat in
 * the same cart; a ticket of any other group carries none (400: a seat there would be stored
 * unchecked and could block a seat of a seated session). The seat itself is taken by the
 * ticket's insert: the partial unique index `ticket_session_seat_idx` refuses a second live
 * ticket, and `seatRaceRefusal` turns that into the spec's sold-out answer naming the seats.
 */

/** What the seat rules read of a planned ticket (reserve-plan.ts `PlannedTicket`). */
export interface SeatedTicket {
  seatTemplateId: string | null;
  group: { id: string; handler: string };
  session: { id: string; seatLayoutId: string | null } | null;
}

/** A companion seat whose wheelchair seat is not in the request: the cart must hold it. */
export interface CompanionNeed {
  sessionId: string;
  seatTemplateId: string;
  wheelchairSeatId: string;
}

/** The checked seats of a reserve. */
export interface SeatPlan {
  /** the requested seats per session (lower-case ids) */
  bySession: Map<string, string[]>;
  /** "Stalls, Row F, seat 12" per seat id */
  labels: Map<string, string>;
  companions: CompanionNeed[];
}

export const SEATED_HANDLER = 'seated';

const refused = (message: string, seatId: string | null, extra: Record<string, unknown> = {}) =>
  new AppError('validation_failed', 'reserve', `seat_template_id: ${message}`, {
    field: 'seat_template_id',
    seat_template_id: seatId,
    ...extra,
  });

/** Checks every planned ticket's seat; throws the first rule broken (400, context reserve). */
export async function checkSeats(db: Executor, planned: SeatedTicket[]): Promise<SeatPlan | null> {
  const plan: SeatPlan = { bySession: new Map(), labels: new Map(), companions: [] };
  const asked: { ticket: SeatedTicket; seatId: string; sessionId: string; layoutId: string }[] = [];
  for (const ticket of planned) {
    const seated = ticket.group.handler === SEATED_HANDLER;
    const raw = ticket.seatTemplateId;
    if (!seated) {
      if (raw) throw refused('this ticket type is not sold by seat', raw);
      continue;
    }
    // spec: shopping §5 — a seated ticket is reserved from the seat map
    if (!raw) {
      throw refused('Please click the Find Seats button to continue.', null, {
        ticket_group_id: ticket.group.id,
      });
    }
    const seatId = raw.toLowerCase();
    const layoutId = ticket.session?.seatLayoutId;
    if (!ticket.session || !layoutId || !isUuid(seatId)) {
      throw refused("this seat is not in the session's seat map", raw);
    }
    const seats = plan.bySession.get(ticket.session.id) ?? [];
    if (seats.includes(seatId)) throw refused('a seat can be reserved only once', raw);
    seats.push(seatId);
    plan.bySession.set(ticket.session.id, seats);
    asked.push({ ticket, seatId, sessionId: ticket.session.id, layoutId });
  }
  if (asked.length === 0) return null;
  const rows = await selectSeatsByIds(db, [...new Set(asked.map((a) => a.seatId))]);
  const byId = new Map(rows.map((r) => [r.seat.id, r]));
  for (const { ticket, seatId, sessionId, layoutId } of asked) {
    const found = byId.get(seatId);
    if (!found || found.seat.seatLayoutId !== layoutId) {
      throw refused("this seat is not in the session's seat map", seatId);
    }
    const { seat, groups } = found;
    plan.labels.set(seatId, seatLabel(seat));
    if (seat.blocked) throw refused('this seat is not for sale', seatId);
    if (!(groups ?? '').split(',').includes(ticket.group.id)) {
      throw refused('this seat is not sold for this ticket type', seatId, {
        ticket_group_id: ticket.group.id,
      });
    }
    if (seat.accessibility === 'companion' && seat.companionOf) {
      const wheelchairSeatId = seat.companionOf.toLowerCase();
      if (!plan.bySession.get(sessionId)!.includes(wheelchairSeatId)) {
        plan.companions.push({ sessionId, seatTemplateId: seatId, wheelchairSeatId });
      }
    }
  }
  return plan;
}

const companionRefusal = (need: CompanionNeed) =>
  refused('a companion seat is sold only with its wheelchair seat', need.seatTemplateId, {
    companion_of: need.wheelchairSeatId,
  });

/** A new cart holds nothing yet: a companion seat must come with its wheelchair seat. */
export function checkCompanionsAlone(plan: SeatPlan | null) {
  const need = plan?.companions[0];
  if (need) throw companionRefusal(need);
}

/** In the hold's transaction: each companion seat's wheelchair seat is in this cart. */
export async function checkCompanionsInCart(tx: Executor, cartId: string, plan: SeatPlan | null) {
  for (const need of plan?.companions ?? []) {
    const held = await selectCartSeatIds(tx, cartId, need.sessionId);
    if (!held.includes(need.wheelchairSeatId)) throw companionRefusal(need);
  }
}

/** A cart ticket as the companion cascade reads it. */
export interface CartSeatTicket {
  id: string;
  eventSessionId: string | null;
  seatTemplateId: string | null;
}

/**
 * The tickets of companion seats whose wheelchair seat leaves the cart with `removing`
 * (decision 0052 "Removing"): a companion seat is sold only with its wheelchair seat, so it
 * never stays in a cart without it. `live` are the cart's live tickets; returns ticket ids
 * not already in `removing`.
 */
export async function companionTicketsOf(
  tx: Executor,
  live: readonly CartSeatTicket[],
  removing: readonly string[],
): Promise<string[]> {
  const key = (sessionId: string, seatId: string) => `${sessionId}|${seatId.toLowerCase()}`;
  const leaving = new Set(
    live
      .filter((t) => removing.includes(t.id) && t.eventSessionId && t.seatTemplateId)
      .map((t) => key(t.eventSessionId!, t.seatTemplateId!)),
  );
  if (leaving.size === 0) return [];
  const staying = live.filter(
    (t) => !removing.includes(t.id) && t.eventSessionId && t.seatTemplateId,
  );
  if (staying.length === 0) return [];
  const rows = await selectSeatsByIds(tx, [
    ...new Set(staying.map((t) => t.seatTemplateId!.toLowerCase())),
  ]);
  const wheelchairOf = new Map(
    rows
      .filter((r) => r.seat.accessibility === 'companion' && r.seat.companionOf)
      .map((r) => [r.seat.id.toLowerCase(), r.seat.companionOf!]),
  );
  return staying
    .filter((t) => {
      const wheelchair = wheelchairOf.get(t.seatTemplateId!.toLowerCase());
      return wheelchair !== undefined && leaving.has(key(t.eventSessionId!, wheelchair));
    })
    .map((t) => t.id);
}

const UNIQUE_VIOLATION = '23505';
const SEAT_INDEX = 'ticket_session_seat_idx';

/** Whether an error is the seat index refusing a second live ticket for a seat. */
function isSeatTaken(err: unknown): boolean {
  if (sqlStateOf(err) !== UNIQUE_VIOLATION) return false;
  for (let current = err, depth = 0; current && depth < 4; depth++) {
    const { constraint, message } = current as { constraint?: unknown; message?: unknown };
    if (constraint === SEAT_INDEX) return true;
    if (typeof message === 'string' && message.includes(SEAT_INDEX)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The answer to a lost seat race (decision 0052): `ticket_group_sold_out`, context reserve,
 * with the seats that were taken, read after the rollback; null when `err` is something else.
 * Should the winner have let go in between, the request's seats are named (the race was lost).
 */
export async function seatRaceRefusal(
  db: Executor,
  err: unknown,
  plan: SeatPlan | null,
): Promise<AppError | null> {
  if (!plan || !isSeatTaken(err)) return null;
  const taken: string[] = [];
  for (const [sessionId, seatIds] of plan.bySession) {
    taken.push(...(await selectTakenAmong(db, sessionId, seatIds)));
  }
  const named = taken.length > 0 ? [...new Set(taken)] : [...plan.bySession.values()].flat();
  return new AppError('ticket_group_sold_out', 'reserve', 'These seats have just been taken', {
    seat_template_ids: named,
    seats: named.map((id) => plan.labels.get(id) ?? id),
  });
}
