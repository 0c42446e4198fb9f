import type { Seat } from '@admit/contracts/seat-map';

/**
 * The seat selection's rules (spec: shopping §4 "Seat states"), pure so they can be stated as
 * properties. A selection is an ordered list of picks: a seat and the ticket group it is counted
 * in (a seat may be sold in several groups; it counts in exactly one). Order is pick order,
 * which is also the order seats are given to ticket types (`assignTypes`).
 */

/** What a visitor sees of a seat: the server's three states plus the storefront's own. */
export type SeatView = 'available' | 'booked' | 'unavailable' | 'selected';

export interface SeatPick {
  seatId: string;
  groupId: string;
}

export type Selection = readonly SeatPick[];

/** ticket_group_id → how many seats the group needs (the sum of its types' quantities). */
export type Required = ReadonlyMap<string, number>;

/** The seats of one map by id, with each seat's groups parsed once. */
export interface SeatIndex {
  byId: ReadonlyMap<string, Seat>;
  groupsOf: (seat: Seat) => readonly string[];
}

export function indexSeats(seats: readonly Seat[]): SeatIndex {
  const groups = new Map<string, readonly string[]>();
  for (const seat of seats) {
    groups.set(
      seat.id,
      seat.ticket_groups
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    );
  }
  return {
    byId: new Map(seats.map((seat) => [seat.id, seat])),
    groupsOf: (seat) => groups.get(seat.id) ?? [],
  };
}

/** How many seats the selection holds per group. */
export function countByGroup(selection: Selection): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pick of selection) counts.set(pick.groupId, (counts.get(pick.groupId) ?? 0) + 1);
  return counts;
}

const isSelected = (selection: Selection, seatId: string) =>
  selection.some((pick) => pick.seatId === seatId);

/** The seat's groups, in the seat's own order, that still need seats. */
export function openGroupsOf(
  index: SeatIndex,
  seat: Seat,
  required: Required,
  selection: Selection,
): string[] {
  const counts = countByGroup(selection);
  return index
    .groupsOf(seat)
    .filter((groupId) => (counts.get(groupId) ?? 0) < (required.get(groupId) ?? 0));
}

/**
 * A companion seat is sold only with its wheelchair seat (issue #24 "Demo"): it can be taken
 * once that seat is in the selection.
 */
function companionAllowed(seat: Seat, selection: Selection): boolean {
  return seat.companion_of === null || isSelected(selection, seat.companion_of);
}

/** Can this seat be added to the selection in this group right now? */
function canTakeIn(
  index: SeatIndex,
  seat: Seat,
  groupId: string,
  required: Required,
  selection: Selection,
): boolean {
  return (
    seat.state === 'available' &&
    !isSelected(selection, seat.id) &&
    companionAllowed(seat, selection) &&
    openGroupsOf(index, seat, required, selection).includes(groupId)
  );
}

/**
 * spec: shopping §4 — selected, booked, or unavailable when none of the seat's groups still
 * has seats open (or the server says so, or a companion seat without its wheelchair seat).
 */
export function seatView(
  index: SeatIndex,
  seat: Seat,
  required: Required,
  selection: Selection,
): SeatView {
  if (isSelected(selection, seat.id)) return 'selected';
  if (seat.state !== 'available') return seat.state;
  if (!companionAllowed(seat, selection)) return 'unavailable';
  return openGroupsOf(index, seat, required, selection).length > 0 ? 'available' : 'unavailable';
}

export type ToggleResult =
  | { kind: 'selected'; selection: Selection; added: string[] }
  | { kind: 'deselected'; selection: Selection; removed: string[] }
  /** spec: shopping §4 — only available seats may be selected, only selected ones deselected */
  | { kind: 'refused'; selection: Selection };

/** Walks one direction of the row chain, taking seats while they fit the group. */
function extendAlong(
  index: SeatIndex,
  from: Seat,
  direction: 'next' | 'previous',
  groupId: string,
  required: Required,
  selection: SeatPick[],
): void {
  const seen = new Set<string>([from.id]);
  let link = from[direction];
  while (link !== null && !seen.has(link)) {
    seen.add(link);
    const neighbour = index.byId.get(link);
    if (!neighbour || !canTakeIn(index, neighbour, groupId, required, selection)) return;
    selection.push({ seatId: neighbour.id, groupId });
    link = neighbour[direction];
  }
}

/**
 * Selects or deselects one seat. Selecting takes the seat in its first group still open, then
 * auto-extends (spec: shopping §4) along the row's `next` links, then its `previous` links, to
 * neighbouring seats that fit the same group, until the group's count is met or the run ends.
 * Deselecting a wheelchair seat also drops its companion seat.
 */
export function toggleSeat(
  index: SeatIndex,
  required: Required,
  selection: Selection,
  seatId: string,
): ToggleResult {
  const seat = index.byId.get(seatId);
  if (!seat) return { kind: 'refused', selection };
  if (isSelected(selection, seatId)) {
    const removed = selection
      .filter(
        (pick) => pick.seatId === seatId || index.byId.get(pick.seatId)?.companion_of === seatId,
      )
      .map((pick) => pick.seatId);
    return {
      kind: 'deselected',
      selection: selection.filter((pick) => !removed.includes(pick.seatId)),
      removed,
    };
  }
  const groupId = openGroupsOf(index, seat, required, selection)[0];
  if (groupId === undefined || !canTakeIn(index, seat, groupId, required, selection)) {
    return { kind: 'refused', selection };
  }
  const next: SeatPick[] = [...selection, { seatId, groupId }];
  extendAlong(index, seat, 'next', groupId, required, next);
  extendAlong(index, seat, 'previous', groupId, required, next);
  return {
    kind: 'selected',
    selection: next,
    added: next.slice(selection.length).map((p) => p.seatId),
  };
}

/** Adds a whole run (best available) in one group, if every seat of it still fits. */
export function takeRun(
  index: SeatIndex,
  required: Required,
  selection: Selection,
  seatIds: readonly string[],
  groupId: string,
): Selection | null {
  const next: SeatPick[] = [...selection];
  for (const seatId of seatIds) {
    const seat = index.byId.get(seatId);
    if (!seat || !canTakeIn(index, seat, groupId, required, next)) return null;
    next.push({ seatId, groupId });
  }
  return next;
}

/** spec: shopping §4 — complete when every group's required count is met (and one is needed). */
export function isComplete(required: Required, selection: Selection): boolean {
  const counts = countByGroup(selection);
  const needed = [...required].filter(([, count]) => count > 0);
  return (
    needed.length > 0 &&
    needed.every(([groupId, count]) => counts.get(groupId) === count) &&
    [...counts].every(([groupId, count]) => count === (required.get(groupId) ?? 0))
  );
}

/**
 * Quantities changed: keep the picks that still fit (earliest first), drop the rest, and drop
 * seats that are no longer offered (a lost race, a refreshed map) and companions left alone.
 */
export function fitSelection(
  index: SeatIndex,
  required: Required,
  selection: Selection,
): Selection {
  const kept: SeatPick[] = [];
  const counts = new Map<string, number>();
  for (const pick of selection) {
    const seat = index.byId.get(pick.seatId);
    const count = counts.get(pick.groupId) ?? 0;
    if (!seat || seat.state !== 'available') continue;
    if (count >= (required.get(pick.groupId) ?? 0)) continue;
    counts.set(pick.groupId, count + 1);
    kept.push(pick);
  }
  return kept.filter((pick) => {
    const companionOf = index.byId.get(pick.seatId)?.companion_of ?? null;
    return companionOf === null || kept.some((other) => other.seatId === companionOf);
  });
}
