import { describe, expect, it } from 'vitest';
import { venueDayStart } from './venue-day';

describe('venueDayStart', () => {
  it('is the venue’s midnight, not UTC’s', () => {
    expect(venueDayStart('2029-06-10', 'America/New_York')).toBe('2029-06-10T04:00:00.000Z');
    expect(venueDayStart('2029-06-10', 'Europe/London')).toBe('2029-06-09T23:00:00.000Z');
    expect(venueDayStart('2029-01-10', 'Europe/London')).toBe('2029-01-10T00:00:00.000Z');
  });

  it('adds days across a month end and a DST change', () => {
    expect(venueDayStart('2029-06-30', 'America/New_York', 1)).toBe('2029-07-01T04:00:00.000Z');
    // New York's clocks go back on 2029-11-04: that day is 25 hours long
    expect(venueDayStart('2029-11-04', 'America/New_York')).toBe('2029-11-04T04:00:00.000Z');
    expect(venueDayStart('2029-11-04', 'America/New_York', 1)).toBe('2029-11-05T05:00:00.000Z');
  });
});
