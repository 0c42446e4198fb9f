import { describe, expect, it } from 'vitest';
import { isClosed, parseRepeat, ruleDates, ruleSessions, timesOfHours } from './session-rules';
import { localDate, localTime } from './zoned-time';

// "every day 10:00–17:00 every 30 minutes, capacity 50, closed Mondays and 25 December"
const OPENING_HOURS = {
  times: timesOfHours({ from: '10:00', to: '17:00', every_minutes: 30 }),
  duration_minutes: 30,
  closed: ['MO', '12-25'],
};

const utc = (sessions: { start: Date }[]) => sessions.map((s) => s.start.toISOString());

describe('recurring session rules', () => {
  it('expands opening hours into starts, the closing time excluded', () => {
    expect(timesOfHours({ from: '10:00', to: '17:00', every_minutes: 30 })).toHaveLength(14);
    expect(timesOfHours({ from: '09:30', to: '11:00', every_minutes: 45 })).toEqual([
      '09:30',
      '10:15',
    ]);
  });

  it.each([
    // [zone, spring-forward day, the day before, UTC of 10:00 before, after]
    ['America/New_York', '2026-03-08', '2026-03-07T15:00:00.000Z', '2026-03-09T14:00:00.000Z'],
    ['Europe/London', '2026-03-29', '2026-03-28T10:00:00.000Z', '2026-03-30T09:00:00.000Z'],
  ])('keeps 10:00 at 10:00 across the spring change in %s', (zone, day, before, after) => {
    const sessions = ruleSessions(
      { ...OPENING_HOURS, closed: [] },
      { first: '2026-03-07', last: '2026-03-30' },
      zone,
    );
    const tenOClock = sessions.filter((s) => s.time === '10:00');
    expect(tenOClock.map((s) => s.start.toISOString())).toContain(before);
    expect(tenOClock.map((s) => s.start.toISOString())).toContain(after);
    for (const s of sessions) {
      expect(localTime(s.start, zone)).toBe(s.time);
      expect(localDate(s.start, zone)).toBe(s.date);
      expect(s.end.getTime() - s.start.getTime()).toBe(30 * 60_000);
    }
    expect(sessions.filter((s) => s.date === day)).toHaveLength(14);
  });

  it.each([
    ['America/New_York', '2026-11-01', '2026-10-31T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
    ['Europe/London', '2026-10-25', '2026-10-24T09:00:00.000Z', '2026-10-26T10:00:00.000Z'],
  ])('keeps 10:00 at 10:00 across the autumn change in %s', (zone, day, before, after) => {
    const sessions = ruleSessions(
      { ...OPENING_HOURS, closed: [] },
      { first: '2026-10-24', last: '2026-11-02' },
      zone,
    );
    const starts = utc(sessions.filter((s) => s.time === '10:00'));
    expect(starts).toContain(before);
    expect(starts).toContain(after);
    for (const s of sessions) expect(localTime(s.start, zone)).toBe(s.time);
    expect(sessions.filter((s) => s.date === day)).toHaveLength(14);
  });

  it('moves a time inside the spring gap forward and takes the first of a repeated autumn hour', () => {
    const night = { times: ['01:30', '02:30'], duration_minutes: 15 };
    const ny = 'America/New_York';
    const spring = ruleSessions(night, { first: '2026-03-08', last: '2026-03-08' }, ny);
    // 02:30 does not exist on 8 March in New York: it is 03:30 EDT
    expect(utc(spring)).toEqual(['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z']);
    expect(localTime(spring[1]!.start, ny)).toBe('03:30');
    const autumn = ruleSessions(night, { first: '2026-11-01', last: '2026-11-01' }, ny);
    // 01:30 happens twice on 1 November: the first, daylight one (05:30Z, not 06:30Z)
    expect(utc(autumn)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T07:30:00.000Z']);
    const london = 'Europe/London';
    expect(utc(ruleSessions(night, { first: '2026-03-29', last: '2026-03-29' }, london))).toEqual([
      '2026-03-29T01:30:00.000Z',
    ]); // 01:30 and 02:30 are one instant that day
    expect(utc(ruleSessions(night, { first: '2026-10-25', last: '2026-10-25' }, london))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:30:00.000Z',
    ]);
  });

  it('leaves out closed weekdays and closed days, every year or once', () => {
    const dates = ruleDates({ closed: ['MO', '12-25', '2026-12-31'] }, '2026-12-20', '2027-01-05');
    expect(dates).not.toContain('2026-12-21'); // a Monday
    expect(dates).not.toContain('2026-12-28');
    expect(dates).not.toContain('2027-01-04');
    expect(dates).not.toContain('2026-12-25');
    expect(dates).not.toContain('2026-12-31');
    expect(dates).toContain('2027-01-01');
    expect(dates).toHaveLength(17 - 3 - 2);
    expect(isClosed('2027-12-25', ['12-25'])).toBe(true);
    expect(isClosed('2027-12-31', ['2026-12-31'])).toBe(false);
  });

  it('follows the RRULE for dates, anchored at `from`, within from/until', () => {
    expect(ruleDates({ repeat: 'FREQ=WEEKLY;BYDAY=TU,TH' }, '2026-03-01', '2026-03-14')).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-10',
      '2026-03-12',
    ]);
    // every other Saturday from 7 March: the anchor decides which weeks
    expect(
      ruleDates(
        { repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA', from: '2026-03-07' },
        '2026-03-01',
        '2026-04-05',
      ),
    ).toEqual(['2026-03-07', '2026-03-21', '2026-04-04']);
    expect(
      ruleDates({ from: '2026-03-10', until: '2026-03-12' }, '2026-03-01', '2026-03-31'),
    ).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(ruleDates({ repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' }, '2026-03-02', '2026-05-01')).toEqual([
      '2026-04-01',
      '2026-05-01',
    ]);
  });

  it('refuses rules that set times or are not date rules', () => {
    expect(() => parseRepeat('FREQ=DAILY;BYHOUR=10')).toThrow(/dates only/);
    expect(() => parseRepeat('FREQ=HOURLY')).toThrow(/FREQ=DAILY/);
    expect(() => parseRepeat('BYDAY=MO')).toThrow(/FREQ=DAILY/);
    expect(parseRepeat('RRULE:FREQ=DAILY')).toMatchObject({ freq: 3 });
  });
});

describe('a rule started late gives the dates of the same rule started at its anchor', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=WEEKLY',
    'FREQ=WEEKLY;BYDAY=SA,SU',
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;BYDAY=1SA',
    'FREQ=YEARLY',
    'FREQ=YEARLY;BYMONTH=6',
  ])('%s', (repeat) => {
    const fast = ruleDates({ repeat, from: '2024-01-15' }, '2026-01-01', '2027-12-31');
    // `from` at the window's start makes the late start moot: compare with rrule from the anchor
    const slow = ruleDates(
      { repeat: `${repeat};INTERVAL=1;COUNT=5000`, from: '2024-01-15' },
      '2026-01-01',
      '2027-12-31',
    );
    expect(fast).toEqual(slow);
    expect(fast.length).toBeGreaterThan(0);
  });
});
