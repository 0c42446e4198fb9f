import type { Seat } from '@admit/contracts/seat-map';

/**
 * "Best available" without the map (issue #24, the list alternative): a run of `count` seats
 * side by side along a row's neighbour chain. Best (decision 0054): the row nearest the front
 * first — the smallest mean y, since maps are drawn with the stage at the top — then the run
 * whose centre is nearest the section's centre line; ties go to the run met first along the row.
 */

/** The sections of a map in the order their seats first appear. */
export function sectionsOf(seats: readonly Seat[]): string[] {
  return [...new Set(seats.map((seat) => seat.section))];
}

/** The row chains of a section: each a list of seats linked by `next`, in order. */
function rowChains(sectionSeats: readonly Seat[]): Seat[][] {
  const byId = new Map(sectionSeats.map((seat) => [seat.id, seat]));
  const starts = sectionSeats.filter((seat) => seat.previous === null || !byId.has(seat.previous));
  return starts.map((start) => {
    const chain: Seat[] = [];
    const seen = new Set<string>();
    for (let seat: Seat | undefined = start; seat && !seen.has(seat.id);) {
      seen.add(seat.id);
      chain.push(seat);
      seat = seat.next === null ? undefined : byId.get(seat.next);
    }
    return chain;
  });
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/**
 * The best run of `count` seats in `section` that all pass `canTake`, or null when the
 * section has no such run.
 */
export function bestAvailableRun(
  seats: readonly Seat[],
  section: string,
  count: number,
  canTake: (seat: Seat) => boolean,
): Seat[] | null {
  if (count < 1) return null;
  const sectionSeats = seats.filter((seat) => seat.section === section);
  const centreX = mean(sectionSeats.map((seat) => seat.x));
  let best: { run: Seat[]; rowY: number; offset: number } | null = null;
  for (const chain of rowChains(sectionSeats)) {
    const rowY = mean(chain.map((seat) => seat.y));
    for (let start = 0; start + count <= chain.length; start += 1) {
      const run = chain.slice(start, start + count);
      if (!run.every(canTake)) continue;
      const offset = Math.abs(mean(run.map((seat) => seat.x)) - centreX);
      if (!best || rowY < best.rowY || (rowY === best.rowY && offset < best.offset)) {
        best = { run, rowY, offset };
      }
    }
  }
  return best?.run ?? null;
}
