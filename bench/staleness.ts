import { percentileOf } from './open-loop';

/**
 * How old the availability a visitor was shown is, during a rush (issue #28, decision 0120).
 * `holdsAcked` are the moments the driver had each hold's 201 (performance.now(), any order);
 * each read is the moment it left and the `used_capacity` it showed. Every hold acknowledged
 * before a read left should count in it. A read that shows `used` places while more holds
 * than that were acknowledged before it left shows the session as it stood when the
 * (used + 1)-th hold was acknowledged at the latest: its age is the time from then to the read's
 * leaving. That is the least age the read can have: which holds a read counted is not known,
 * only how many. A read counting at least every acknowledged hold is 0 ms old.
 */
export function readAges(holdsAcked: number[], reads: { sentAt: number; used: number }[]) {
  const acked = [...holdsAcked].sort((a, b) => a - b);
  return reads.map(({ sentAt, used }) => {
    const missed = acked[used];
    return missed !== undefined && missed < sentAt ? sentAt - missed : 0;
  });
}

export interface AgeSummary {
  reads: number;
  /** reads that missed a hold acknowledged before they left */
  behind: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

export function summariseAges(ages: number[]): AgeSummary {
  const sorted = [...ages].sort((a, b) => a - b);
  return {
    reads: sorted.length,
    behind: sorted.filter((age) => age > 0).length,
    p50Ms: round1(percentileOf(sorted, 50)),
    p99Ms: round1(percentileOf(sorted, 99)),
    maxMs: round1(sorted.at(-1) ?? 0),
  };
}
