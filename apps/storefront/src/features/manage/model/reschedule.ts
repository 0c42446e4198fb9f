import type { OrderEditBody } from '@admit/contracts/manage';
import { decimalToMinor } from '@admit/contracts/money';
import type { ManageTicket } from '@/features/manage/model/manage-view';

/** The session the reschedule page chose, with each ticket type's price there. */
export interface RescheduleChoice {
  sessionId: string;
  start: string;
  /** ticket type id → price at this session (the sessions read's `price_schedule`) */
  prices: Record<string, string>;
}

/** One ticket to move and the type it becomes at the new time (the same by default). */
export interface MoveLine {
  ticket: ManageTicket;
  typeId: string;
}

/** What a moved ticket costs at the chosen session: its type's price there, else its own. */
export function priceAt(line: MoveLine, choice: RescheduleChoice): string {
  return choice.prices[line.typeId] ?? line.ticket.price;
}

/**
 * spec: identity §4 "Reschedule" — "the client warns when the new session costs more": the
 * chosen session's prices for the tickets' types above what the tickets cost. The server computes
 * the real difference (decision 0036); this only warns before the change is made.
 */
export function isDearer(lines: MoveLine[], choice: RescheduleChoice | null): boolean {
  if (!choice || lines.length === 0) return false;
  const now = lines.reduce((n, line) => n + decimalToMinor(line.ticket.price), 0);
  const then = lines.reduce((n, line) => n + decimalToMinor(priceAt(line, choice)), 0);
  return then > now;
}

/** The edit's reschedule lines: the moved tickets grouped by the type they become. */
export function rescheduleBody(lines: MoveLine[], sessionId: string): OrderEditBody {
  const byType = new Map<string, string[]>();
  for (const line of lines)
    byType.set(line.typeId, [...(byType.get(line.typeId) ?? []), line.ticket.id]);
  return {
    reschedule: [...byType].map(([typeId, ticketIds]) => ({
      ticket_ids: ticketIds,
      event_session_id: sessionId,
      ticket_type_id: typeId,
    })),
  };
}
