import type { PriceSchedule, PricedSession } from '@admit/contracts/availability';
import { minorToDecimal } from '@admit/contracts/money';
import type { SelectedQuantity } from '@admit/contracts/rules/message-rules';
import { localTime } from '@/lib/zoned-time';
import { toEventSession } from '@/modules/catalog/mappers';
import { priceAtSession, type SessionPriceMap } from '@/modules/pricing/session-prices';
import { money, priceRange } from './pricing';
import type { SessionRow, TypeRow } from './repo';
import type { FitContext } from './session-fit-sql';
import type { AvailabilityScope } from './scope';
import { selectionFit, type Fit, type SelectionLine } from './selection-fit';
import { isSessionSoldOut } from './status-rules';

/** One session judged for a visitor: bookable or not, and at what prices (shopping §3 Session). */

export interface SessionContext extends FitContext {
  scope: AvailabilityScope;
  /** the selected quantities (POST reads); empty for the GET reads */
  selection: SelectionLine[];
}

export const hasSelection = (selection: SelectionLine[]) => selection.some((l) => l.quantity > 0);

/** The selected quantities' fit at a session (a POST read with a selection; selection-fit.ts). */
export function selectedFit(ctx: SessionContext, session: SessionRow): Fit {
  return selectionFit({
    session,
    groups: ctx.scope.groupById,
    types: ctx.scope.typeById,
    selection: ctx.selection,
    now: ctx.now,
  });
}

/** The types prices are quoted from: the selected ones, else every available type on sale. */
export function quotedTypes(ctx: SessionContext): TypeRow[] {
  if (!hasSelection(ctx.selection)) return ctx.onSaleTypes;
  const wanted = new Set(ctx.selection.filter((l) => l.quantity > 0).map((l) => l.ticket_type_id));
  return ctx.scope.types.filter((t) => wanted.has(t.id));
}

/** The session as the sessions reads return it, priced at its own prices (decision 0043). */
export function toPricedSession(
  ctx: SessionContext,
  session: SessionRow,
  fit: Fit,
  prices: SessionPriceMap,
): PricedSession {
  const range = priceRange(quotedTypes(ctx), (type) => {
    const amount = priceAtSession(type, prices);
    return { min: amount, max: amount };
  });
  return {
    ...toEventSession(session, ctx.now),
    // sold out for what was asked: a full session still sells groups excluded from its capacity
    sold_out: fit === 'sold_out' || (fit !== 'available' && isSessionSoldOut(session)),
    available: fit === 'available',
    startTime: localTime(session.startDatetime, ctx.scope.timezone),
    price: money(range?.min),
    minPrice: money(range?.min),
    maxPrice: money(range?.max),
  };
}

/** spec: shopping §7 — the session's price of each of these types (its own, else the type's). */
export function priceScheduleOf(
  sessionId: string,
  types: readonly TypeRow[],
  prices: SessionPriceMap,
): PriceSchedule[] {
  return types.map((type) => ({
    id: `${sessionId}:${type.id}`,
    event_session_id: sessionId,
    ticket_type_id: type.id,
    currency_amount: minorToDecimal(priceAtSession(type, prices)),
  }));
}

/** The selection with the names message rules may match on (unknown types are left out). */
export function selectedQuantities(
  scope: AvailabilityScope,
  selection: SelectionLine[],
): SelectedQuantity[] {
  return selection.flatMap((line) => {
    const type = scope.typeById.get(line.ticket_type_id);
    const group = type ? scope.groupById.get(type.ticketGroupId) : undefined;
    if (!type || !group || line.quantity <= 0) return [];
    return [
      {
        ticket_type_id: type.id,
        ticket_type_name: type.name,
        ticket_group_id: group.id,
        ticket_group_name: group.name,
        quantity: line.quantity,
      },
    ];
  });
}
