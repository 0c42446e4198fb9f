import { describe, expect, it } from 'vitest';
import { accountWindowEnd } from '@/features/account/model/account-window';

describe('accountWindowEnd (identity §9 account sessions window)', () => {
  it('is midnight of the first of this month next year in the seller zone', () => {
    const now = Date.parse('2026-03-15T12:00:00Z');
    expect(accountWindowEnd(now, 'America/New_York')).toBe('2027-03-01T05:00:00.000Z');
    expect(accountWindowEnd(now, 'Europe/London')).toBe('2027-03-01T00:00:00.000Z');
  });

  it('reads the month in the seller zone, not UTC', () => {
    // 01:00 UTC on April 1st is still March 31st in New York
    const now = Date.parse('2026-04-01T01:00:00Z');
    expect(accountWindowEnd(now, 'America/New_York')).toBe('2027-03-01T05:00:00.000Z');
    expect(accountWindowEnd(now, 'UTC')).toBe('2027-04-01T00:00:00.000Z');
  });
});
