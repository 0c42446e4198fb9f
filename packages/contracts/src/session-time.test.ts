import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInZone,
  formatLongDate,
  formatLongDateTime,
  formatSessionTime,
  sessionWhenLabel,
} from './session-time';

describe('session times in the venue zone', () => {
  it('reads an instant in the zone, not in UTC, on both sides of a DST change', () => {
    // 15:00 UTC is 10:00 in New York in winter (UTC-5) and 11:00 in summer (UTC-4)
    const winter = {
      start_datetime: '2026-12-02T15:00:00.000Z',
      end_datetime: '2026-12-02T16:00:00.000Z',
    };
    const summer = {
      start_datetime: '2026-07-02T15:00:00.000Z',
      end_datetime: '2026-07-02T16:00:00.000Z',
    };
    expect(sessionWhenLabel(winter, 'America/New_York')).toBe('Wed, Dec 2, 2026 at 10:00 AM');
    expect(sessionWhenLabel(summer, 'America/New_York')).toBe('Thu, Jul 2, 2026 at 11:00 AM');
    expect(sessionWhenLabel(winter, 'UTC')).toBe('Wed, Dec 2, 2026 at 3:00 PM');
  });

  it('shows a whole-day session by its date only, and a late session on its venue day', () => {
    const allDay = {
      start_datetime: '2026-12-03T03:00:00.000Z',
      end_datetime: '2026-12-03T12:00:00.000Z',
    };
    // 03:00 UTC on the 3rd is still the 2nd in New York
    expect(sessionWhenLabel(allDay, 'America/New_York')).toBe('Wed, Dec 2, 2026');
    expect(formatInZone(allDay.start_datetime, 'ddd, MMMM D YYYY', 'America/New_York')).toBe(
      'Wed, December 2 2026',
    );
  });

  it('formats a calendar date as itself in any process zone', () => {
    expect(formatCalendarDate('2029-06-13')).toBe('Wed, Jun 13, 2029');
    expect(formatCalendarDate('2026-01-01')).toBe('Thu, Jan 1, 2026');
  });

  it('reads the seller locale: en-GB day first on a 24-hour clock, en-US the spec patterns', () => {
    const session = {
      start_datetime: '2026-11-29T11:00:00.000Z',
      end_datetime: '2026-11-29T12:00:00.000Z',
    };
    expect(sessionWhenLabel(session, 'Europe/London', 'en-GB')).toBe('Sun 29 Nov 2026, 11:00');
    expect(sessionWhenLabel(session, 'Europe/London', 'en-US')).toBe(
      'Sun, Nov 29, 2026 at 11:00 AM',
    );
    expect(formatSessionTime('2026-11-29T00:05:00.000Z', 'Europe/London', 'en-GB')).toBe('00:05');
    expect(formatSessionTime('2026-11-29T17:30:00.000Z', 'Europe/London', 'en-GB')).toBe('17:30');
    expect(formatCalendarDate('2029-06-13', 'en-GB')).toBe('Wed 13 Jun 2029');
  });

  it('reads the event meta ticket_date_time (shopping §3): each option and a custom pattern', () => {
    const tour = {
      start_datetime: '2026-12-02T15:00:00.000Z',
      end_datetime: '2026-12-02T16:30:00.000Z',
    };
    const overnight = {
      start_datetime: '2026-12-02T23:00:00.000Z',
      end_datetime: '2026-12-03T15:00:00.000Z',
    };
    const ny = 'America/New_York';
    expect(sessionWhenLabel(tour, ny, undefined, 'date-only')).toBe('Wed, Dec 2, 2026');
    expect(sessionWhenLabel(tour, ny, undefined, 'hidden')).toBeNull();
    expect(sessionWhenLabel(tour, ny, undefined, 'show-end')).toBe(
      'Wed, Dec 2, 2026 at 10:00 AM – 11:30 AM',
    );
    expect(sessionWhenLabel(overnight, ny, undefined, 'show-end')).toBe(
      'Wed, Dec 2, 2026 at 6:00 PM – Thu, Dec 3, 2026 at 10:00 AM',
    );
    expect(sessionWhenLabel(tour, ny, undefined, 'dates-only-show-end')).toBe('Wed, Dec 2, 2026');
    expect(sessionWhenLabel(overnight, ny, undefined, 'dates-only-show-end')).toBe(
      'Wed, Dec 2, 2026 – Thu, Dec 3, 2026',
    );
    expect(sessionWhenLabel(tour, ny, undefined, 'MMMM D [from] h:mm A')).toBe(
      'December 2 from 10:00 AM',
    );
    expect(sessionWhenLabel(tour, ny, undefined, null)).toBe('Wed, Dec 2, 2026 at 10:00 AM');
  });
});

describe("the spec's long date defaults (shopping §9 LONG_DATE, LONG_DATE_TIME; decision 0063)", () => {
  it.each([
    ['2026-11-22', undefined, 'Sunday, November 22, 2026'],
    ['2027-03-14', 'en-US', 'Sunday, March 14, 2027'],
    ['2028-02-29', 'en-AU', 'Tuesday, February 29, 2028'],
    ['2026-11-22', 'en-GB', 'Sunday 22 November 2026'],
  ])('LONG_DATE of %s (%s)', (date, locale, expected) =>
    expect(formatLongDate(date, locale)).toBe(expected),
  );

  it.each([
    [undefined, 'Saturday, November 28, 2026 at 5:30 PM'],
    ['en-GB', 'Saturday 28 November 2026, 17:30'],
  ])('LONG_DATE_TIME in the venue zone (%s)', (locale, expected) =>
    expect(formatLongDateTime('2026-11-28T22:30:00Z', 'America/New_York', locale)).toBe(expected),
  );
});
