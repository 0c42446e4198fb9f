import { describe, expect, it } from 'vitest';
import { readAges, summariseAges } from './staleness';

describe('readAges', () => {
  const acked = [30, 10, 20]; // any order: the third ack came at 30

  it('is 0 for a read that counts every hold acknowledged before it left', () => {
    expect(readAges(acked, [{ sentAt: 25, used: 2 }])).toEqual([0]);
    // holds committed but not yet acknowledged may show too
    expect(readAges(acked, [{ sentAt: 25, used: 3 }])).toEqual([0]);
    expect(readAges(acked, [{ sentAt: 5, used: 0 }])).toEqual([0]);
  });

  it('ages a read from the first acknowledgement it cannot have counted', () => {
    // left at 25 showing 1 place used: the second hold (acked at 20) is missing at least
    expect(readAges(acked, [{ sentAt: 25, used: 1 }])).toEqual([5]);
    expect(readAges(acked, [{ sentAt: 40, used: 0 }])).toEqual([30]);
  });

  it('does not count a hold acknowledged after the read left', () => {
    expect(readAges(acked, [{ sentAt: 15, used: 1 }])).toEqual([0]);
  });
});

describe('summariseAges', () => {
  it('counts the reads behind and their percentiles', () => {
    const ages = [...Array.from({ length: 98 }, () => 0), 12, 40];
    expect(summariseAges(ages)).toEqual({ reads: 100, behind: 2, p50Ms: 0, p99Ms: 40, maxMs: 40 });
  });
});
