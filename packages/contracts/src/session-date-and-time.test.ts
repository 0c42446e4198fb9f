import { describe, expect, it } from 'vitest';
import { sessionDateAndTime } from './session-time';

const visit = {
  start_datetime: '2026-12-02T15:00:00.000Z',
  end_datetime: '2026-12-02T16:00:00.000Z',
};

describe("an account visit's date and time (issue #25: the seller's locale)", () => {
  it('reads the spec patterns by default, and day first on a 24-hour clock for en-GB', () => {
    expect(sessionDateAndTime(visit, 'Europe/London')).toEqual({
      date: 'Wed, Dec 2, 2026',
      time: '3:00 PM',
    });
    expect(sessionDateAndTime(visit, 'Europe/London', 'en-GB')).toEqual({
      date: 'Wed 2 Dec 2026',
      time: '15:00',
    });
  });
});
