import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { Required, Selection } from '@/features/seats/model/seat-selection';

/** ticket_type_id → chosen quantity (the reserve form's steppers). */
export type ChosenQuantities = Readonly<Record<string, number>>;

export const isSeatedGroup = ({ ticketGroup }: TicketGroupWithTypes) =>
  ticketGroup.handler === 'seated';

/** Seated groups → seats needed: the sum of the chosen quantities of the group's types. */
export function requiredSeats(
  groups: readonly TicketGroupWithTypes[],
  quantities: ChosenQuantities,
): Map<string, number> {
  const required = new Map<string, number>();
  for (const group of groups.filter(isSeatedGroup)) {
    const count = group.ticketTypes.reduce((sum, type) => sum + (quantities[type.id] ?? 0), 0);
    if (count > 0) required.set(group.ticketGroup.id, count);
  }
  return required;
}

export const totalRequired = (required: Required) =>
  [...required.values()].reduce((sum, count) => sum + count, 0);

/** One seated ticket as the cart modify body carries it (decision 0052). */
export interface SeatTicket {
  ticket_type_id: string;
  seat_template_id: string;
}

/**
 * Seats → ticket types within each group: in pick order, the first N seats go to the group's
 * first type with a quantity (its N), the next to the next type, and so on; seats beyond every
 * type's quantity go to the last chosen type (so validation can name it, "Too many seats for").
 */
export function assignTypes(
  groups: readonly TicketGroupWithTypes[],
  quantities: ChosenQuantities,
  selection: Selection,
): SeatTicket[] {
  return groups.filter(isSeatedGroup).flatMap(({ ticketGroup, ticketTypes }) => {
    const seats = selection.filter((pick) => pick.groupId === ticketGroup.id);
    const chosen = ticketTypes.filter((type) => (quantities[type.id] ?? 0) > 0);
    const last = chosen.at(-1);
    if (!last) return [];
    const slots = chosen.flatMap((type) =>
      Array.from({ length: quantities[type.id] ?? 0 }, () => type.id),
    );
    return seats.map((pick, position) => ({
      ticket_type_id: slots[position] ?? last.id,
      seat_template_id: pick.seatId,
    }));
  });
}

/**
 * The seated part of the form's validation (spec: shopping §5). "…" in "Not enough seats for …"
 * and "Too many seats for …" is the ticket type's name, since the rule is per type ("number of
 * seats must equal quantity per type"); see decision 0054.
 */
export type SeatIssue =
  | { kind: 'find_seats' }
  | { kind: 'not_enough'; typeName: string }
  | { kind: 'too_many'; typeName: string };

export function seatIssue(
  groups: readonly TicketGroupWithTypes[],
  quantities: ChosenQuantities,
  selection: Selection,
  confirmed: boolean,
): SeatIssue | null {
  const required = requiredSeats(groups, quantities);
  if (required.size === 0) return null;
  // seats not chosen and confirmed in the selector: the selector is the next step
  if (!confirmed) return { kind: 'find_seats' };
  const tickets = assignTypes(groups, quantities, selection);
  for (const { ticketTypes } of groups.filter(isSeatedGroup)) {
    for (const type of ticketTypes) {
      const seats = tickets.filter((ticket) => ticket.ticket_type_id === type.id).length;
      const quantity = quantities[type.id] ?? 0;
      if (seats < quantity) return { kind: 'not_enough', typeName: type.name };
      if (seats > quantity) return { kind: 'too_many', typeName: type.name };
    }
  }
  return null;
}
