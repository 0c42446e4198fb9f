import type { PricedSession, PriceSchedule } from '@admit/contracts/availability';
import { minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';

/** A ticket's price as shown (config/use-shown-price.ts), in minor units. */
type ShownMinor = (amount: string, type: TicketType) => number;

/**
 * Each session's shown price of each type its `price_schedule` quotes (its own price, decision
 * 0043, with the fees the seller's prices include), in minor units, by session and type id.
 */
export function shownSchedule(
  schedule: readonly PriceSchedule[] | undefined,
  types: readonly TicketType[],
  shownMinor: ShownMinor,
): Map<string, Map<string, number>> {
  const typeById = new Map(types.map((type) => [type.id, type]));
  const bySession = new Map<string, Map<string, number>>();
  for (const row of schedule ?? []) {
    const type = typeById.get(row.ticket_type_id);
    if (!type) continue;
    const prices = bySession.get(row.event_session_id) ?? new Map<string, number>();
    prices.set(type.id, shownMinor(row.currency_amount, type));
    bySession.set(row.event_session_id, prices);
  }
  return bySession;
}

/**
 * The sessions with the prices a visitor is shown (decision 0048): each session's lowest and
 * highest over its `price_schedule` rows (its own price of each quoted type, decision 0043),
 * each with the fees the seller's prices include. A session without rows keeps its prices.
 */
export function withShownPrices(
  sessions: readonly PricedSession[],
  schedule: readonly PriceSchedule[] | undefined,
  types: readonly TicketType[],
  shownMinor: ShownMinor,
): PricedSession[] {
  const shownBySession = shownSchedule(schedule, types, shownMinor);
  return sessions.map((session) => {
    const shown = [...(shownBySession.get(session.id)?.values() ?? [])];
    if (!shown.length || session.price === null) return session;
    const min = minorToDecimal(Math.min(...shown));
    return { ...session, price: min, minPrice: min, maxPrice: minorToDecimal(Math.max(...shown)) };
  });
}
