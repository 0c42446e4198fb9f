import { describe, expect, it } from 'vitest';
import { membershipFirstDay, membershipLastDay } from './membership-dates';

describe('membershipLastDay: the last day of a term on the seller calendar', () => {
  it('a term ending at local midnight ends the day before (New York, EDT)', () => {
    // 2027-06-03 00:00 in New York is 04:00Z: the term's last day is Wed, Jun 2
    expect(membershipLastDay('2027-06-03T04:00:00.000Z', 'America/New_York')).toBe(
      'Wed, Jun 2, 2027',
    );
    expect(membershipLastDay(new Date('2027-06-03T04:00:00.000Z'), 'America/New_York')).toBe(
      'Wed, Jun 2, 2027',
    );
  });

  it('reads the day in the seller zone, not UTC', () => {
    // 02:00Z on Jun 3 is still Jun 2 in New York, already Jun 3 in Sydney
    expect(membershipLastDay('2027-06-03T02:00:00.000Z', 'America/New_York')).toBe(
      'Wed, Jun 2, 2027',
    );
    expect(membershipLastDay('2027-06-03T02:00:00.000Z', 'Australia/Sydney')).toBe(
      'Thu, Jun 3, 2027',
    );
  });

  it('the first day is the day of valid_from itself', () => {
    expect(membershipFirstDay('2026-06-03T04:00:00.000Z', 'America/New_York')).toBe(
      'Wed, Jun 3, 2026',
    );
  });
});
