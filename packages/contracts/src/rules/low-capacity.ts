import { UNLIMITED_CAPACITY } from '../constants';

/**
 * Does a session show the low-capacity label (spec: shopping §2 "Hurry, less than 10 tickets
 * available.", §9 "Low-capacity label below 10 tickets unless a remaining-capacity display
 * threshold is configured"; decision 0124)? Only a session with limited capacity and fewer
 * places left than the seller's `remaining_capacity_threshold` (default 10) does; a threshold of
 * 0 never shows it, since no session has fewer than 0 places left. The one home of the rule: the
 * ticket step (and so the server-drawn first page) and the e2e helpers' session choice read it.
 */
export function showsLowCapacityLabel(
  availableCapacity: number | null | undefined,
  threshold: number,
): boolean {
  return (
    typeof availableCapacity === 'number' &&
    availableCapacity !== UNLIMITED_CAPACITY &&
    availableCapacity < threshold
  );
}
