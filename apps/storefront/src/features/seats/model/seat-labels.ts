import type { TicketType } from '@admit/contracts/resources';
import type { Seat } from '@admit/contracts/seat-map';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { SeatsStringKey } from '@/features/seats/strings';
import type { ChosenQuantities, SeatTicket } from '@/features/seats/model/seat-assignment';
import type { SeatIndex, SeatView, ToggleResult } from '@/features/seats/model/seat-selection';

/** The catalogue lookup (`useStrings(SEATS_STRINGS)`), passed in so labels stay pure. */
export type SeatsText = (key: SeatsStringKey, vars?: Record<string, string | number>) => string;

/** A seat's short name in messages: row and seat, "F12". */
export const seatName = (seat: Pick<Seat, 'row' | 'seat'>) => `${seat.row}${seat.seat}`;

/**
 * The ticket type a seat is (or would be) sold as: its assigned type when selected, else the
 * first chosen type of the seat's first group in the sale, else that group's first type.
 */
export function typeOfSeat(
  index: SeatIndex,
  groups: readonly TicketGroupWithTypes[],
  quantities: ChosenQuantities,
  tickets: readonly SeatTicket[],
  seat: Seat,
): TicketType | null {
  const types = groups.flatMap((group) => group.ticketTypes);
  const assigned = tickets.find((ticket) => ticket.seat_template_id === seat.id);
  if (assigned) return types.find((type) => type.id === assigned.ticket_type_id) ?? null;
  const seatGroups = index.groupsOf(seat);
  const inSale = groups.filter((group) => seatGroups.includes(group.ticketGroup.id));
  for (const group of inSale) {
    const chosen = group.ticketTypes.find((type) => (quantities[type.id] ?? 0) > 0);
    if (chosen) return chosen;
  }
  return inSale[0]?.ticketTypes[0] ?? null;
}

const STATE_KEY: Record<SeatView, SeatsStringKey> = {
  available: 'seats.state_available',
  booked: 'seats.state_booked',
  unavailable: 'seats.state_unavailable',
  selected: 'seats.state_selected',
};

/** "Row F, seat 12, Adult £25, available" (issue #24, accessible seat picking). */
export function seatLabel(
  t: SeatsText,
  seat: Seat,
  view: SeatView,
  type: TicketType | null,
  price: (type: TicketType) => string,
): string {
  const vars = { row: seat.row, seat: seat.seat, state: t(STATE_KEY[view]) };
  if (!type) return t('seats.seat_label_plain', vars);
  return t('seats.seat_label', { ...vars, type: type.name, price: price(type) });
}

/** The live region's sentence after a toggle: "Seat F12 selected. 2 of 4 seats chosen." */
export function toggleAnnouncement(
  t: SeatsText,
  index: SeatIndex,
  result: ToggleResult,
  seatId: string,
  total: number,
): string {
  const names = (ids: readonly string[]) =>
    ids
      .map((id) => index.byId.get(id))
      .filter((seat): seat is Seat => seat !== undefined)
      .map(seatName)
      .join(', ');
  const count = result.selection.length;
  if (result.kind === 'refused') return t('seats.announce_refused', { seats: names([seatId]) });
  const ids = result.kind === 'selected' ? result.added : result.removed;
  const key =
    result.kind === 'selected'
      ? ids.length > 1
        ? 'seats.announce_selected_many'
        : 'seats.announce_selected'
      : ids.length > 1
        ? 'seats.announce_removed_many'
        : 'seats.announce_removed';
  return t(key, { seats: names(ids), count, total });
}
