import { describe, expect, it } from 'vitest';
import {
  dateFirstReducer,
  initialDateFirstState,
} from '@/features/reserve/flows/date-first/date-first-state';
import type { DateFirstState } from '@/features/reserve/flows/date-first/date-first-state';
import { dateButtonDates } from '@/features/reserve/flows/date-first/date-buttons';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import { RESERVE_STRINGS } from '@/features/reserve/strings';

const withTickets: DateFirstState = {
  admission: 'single',
  date: '2026-11-21',
  sessionId: 's1',
  quantities: { adult: 2 },
  admits: { adult: [{ first: 'Ada', last: 'L', email: '' }] },
  survey: { g: { age: '9' } },
};

describe('date-first state (shopping §4 "Date-first reserve page")', () => {
  it('shows the admission choice only when both kinds are sold', () => {
    expect(initialDateFirstState({ dated: true, flexible: true }).admission).toBeNull();
    expect(initialDateFirstState({ dated: true, flexible: false }).admission).toBe('single');
    expect(initialDateFirstState({ dated: false, flexible: true }).admission).toBe('any');
  });

  it('selecting a date clears the session and tickets and turns off flexible mode', () => {
    const next = dateFirstReducer(
      { ...withTickets, admission: 'any' },
      { type: 'select_date', date: '2026-11-25' },
    );
    expect(next).toEqual({
      admission: 'single',
      date: '2026-11-25',
      sessionId: null,
      quantities: {},
      admits: {},
      survey: {},
    });
  });

  it('choosing flexible mode clears the date; "Change" resets the choice', () => {
    const any = dateFirstReducer(withTickets, { type: 'choose_admission', admission: 'any' });
    expect(any).toMatchObject({ admission: 'any', date: null, sessionId: null, quantities: {} });
    expect(dateFirstReducer(any, { type: 'change_admission' }).admission).toBeNull();
  });

  it('choosing a session resets quantities, names and answers', () => {
    const next = dateFirstReducer(withTickets, { type: 'select_session', sessionId: 's2' });
    expect(next).toMatchObject({
      date: '2026-11-21',
      sessionId: 's2',
      quantities: {},
      admits: {},
      survey: {},
    });
  });

  it('clearing the date (sold-out day) clears the session too', () => {
    expect(dateFirstReducer(withTickets, { type: 'clear_date' })).toMatchObject({
      date: null,
      sessionId: null,
    });
  });
});

describe('date buttons (shopping §2, §9 "Date buttons 8")', () => {
  const dates = Array.from({ length: 12 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
  it('shows the first 8 dates, and a later chosen date in the last place', () => {
    expect(dateButtonDates(dates, null)).toEqual(dates.slice(0, 8));
    expect(dateButtonDates(dates, '2026-12-03')).toEqual(dates.slice(0, 8));
    expect(dateButtonDates(dates, '2026-12-11')).toEqual([...dates.slice(0, 7), '2026-12-11']);
  });
});

describe('date-first texts', () => {
  it('share no key with the reserve core (both live under the `reserve.` prefix)', () => {
    const core = new Set(Object.keys(RESERVE_STRINGS));
    expect(Object.keys(DATE_FIRST_STRINGS).filter((key) => core.has(key))).toEqual([]);
  });
});
