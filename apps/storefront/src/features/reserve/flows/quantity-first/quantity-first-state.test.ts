import { describe, expect, it } from 'vitest';
import {
  currentStep,
  initialQuantityFirstState,
  quantityFirstReducer,
} from '@/features/reserve/flows/quantity-first/quantity-first-state';
import type {
  QuantityFirstAction,
  QuantityFirstState,
} from '@/features/reserve/flows/quantity-first/quantity-first-state';

const run = (actions: QuantityFirstAction[], start = initialQuantityFirstState('event-1')) =>
  actions.reduce<QuantityFirstState>(quantityFirstReducer, start);

const ADMIT = { first: 'Ada', last: 'Lovelace', email: '' };

/** quantities chosen, found, a date and a session chosen, names and a survey answer typed */
const COMPLETE: QuantityFirstAction[] = [
  { type: 'set_quantities', quantities: { adult: 2 } },
  { type: 'find_tickets' },
  { type: 'select_date', date: '2026-11-24' },
  { type: 'select_session', sessionId: 'session-1' },
  { type: 'set_admits', admits: { adult: [ADMIT, ADMIT] } },
  { type: 'set_survey', groupId: 'group-1', values: { zip: '12345' } },
];

describe('quantity-first flow (shopping §4)', () => {
  it('starts with quantities open', () => {
    const state = initialQuantityFirstState('event-1', { adult: 1 });
    expect(state.quantitiesOpen).toBe(true);
    expect(state.quantities).toEqual({ adult: 1 });
    expect(currentStep(state)).toBe('quantities');
  });

  it('walks quantities → dates → sessions → details', () => {
    const steps = [0, 2, 3, 4].map((n) => currentStep(run(COMPLETE.slice(0, n))));
    expect(steps).toEqual(['quantities', 'dates', 'sessions', 'details']);
    const done = run(COMPLETE);
    expect(done).toMatchObject({
      quantitiesOpen: false,
      quantities: { adult: 2 },
      date: '2026-11-24',
      sessionId: 'session-1',
      admits: { adult: [ADMIT, ADMIT] },
      survey: { 'group-1': { zip: '12345' } },
    });
  });

  it('reopening quantities resets date, session and details but keeps the quantities', () => {
    const state = run([...COMPLETE, { type: 'reopen_quantities' }]);
    expect(state).toMatchObject({
      quantitiesOpen: true,
      quantities: { adult: 2 },
      date: null,
      sessionId: null,
    });
    expect(state.admits).toEqual({});
    expect(state.survey).toEqual({});
  });

  it('changing the date resets the session and the details', () => {
    const state = run([...COMPLETE, { type: 'select_date', date: '2026-11-25' }]);
    expect(state).toMatchObject({ date: '2026-11-25', sessionId: null, admits: {}, survey: {} });
    expect(currentStep(state)).toBe('sessions');
  });

  it('changing the session resets the details', () => {
    const state = run([...COMPLETE, { type: 'select_session', sessionId: 'session-2' }]);
    expect(state).toMatchObject({
      date: '2026-11-24',
      sessionId: 'session-2',
      admits: {},
      survey: {},
    });
  });

  it('clearing the date or the session (sold out) resets what follows', () => {
    expect(run([...COMPLETE, { type: 'clear_session' }])).toMatchObject({
      date: '2026-11-24',
      sessionId: null,
      admits: {},
    });
    expect(run([...COMPLETE, { type: 'clear_date' }])).toMatchObject({
      date: null,
      sessionId: null,
    });
  });

  it('ignores a date or session chosen out of order', () => {
    const open = run([
      { type: 'set_quantities', quantities: { adult: 1 } },
      { type: 'select_date', date: '2026-11-24' },
    ]);
    expect(open.date).toBeNull();
    const noDate = run([{ type: 'find_tickets' }, { type: 'select_session', sessionId: 's' }]);
    expect(noDate.sessionId).toBeNull();
  });

  it('an event change reopens quantities with nothing chosen; the same event changes nothing', () => {
    const done = run(COMPLETE);
    expect(quantityFirstReducer(done, { type: 'change_event', eventId: 'event-1' })).toBe(done);
    expect(quantityFirstReducer(done, { type: 'change_event', eventId: 'event-2' })).toEqual(
      initialQuantityFirstState('event-2'),
    );
  });
});
