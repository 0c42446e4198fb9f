import { describe, expect, it } from 'vitest';
import { DEFAULT_SELF_EDIT_RULES, type SelfEditRules } from '../self-edit-rules';
import {
  anonymousEditingRules,
  cancelRefusal,
  isEditableKind,
  isOrderCancellable,
  isPastHorizon,
  isSessionEditable,
  selfEditRefusal,
  type TicketFacts,
} from './self-edit';

const NOW = new Date('2029-06-01T12:00:00Z');
const DAY = 86_400_000;
// the start of today in the venue's zone plus horizon_days (computed by the caller's zone math)
const clock = (days: number) => ({
  now: NOW,
  horizonDayStart: new Date(Date.parse('2029-06-01T04:00:00Z') + days * DAY),
});
const RULES: SelfEditRules = { ...DEFAULT_SELF_EDIT_RULES, enabled: true, anon_editing: true };
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3_600_000);
const ticket = (over: Partial<TicketFacts> = {}): TicketFacts => ({
  state: 'booked',
  handler: 'tickets',
  category: 'museum',
  faceValue: 2500,
  adjustedValue: 2500,
  start: at(72),
  ...over,
});

describe('self-edit rules (identity §5)', () => {
  it('locks a session before today’s start plus horizon_days, or before now plus horizon_hours', () => {
    // 1 day: tomorrow 00:00 venue time is 2029-06-02T04:00Z
    expect(isPastHorizon(new Date('2029-06-02T03:59:00Z'), clock(1), RULES)).toBe(true);
    expect(isPastHorizon(new Date('2029-06-02T04:00:00Z'), clock(1), RULES)).toBe(false);
    expect(isPastHorizon(at(5), clock(0), { horizon_hours: 6 })).toBe(true);
    expect(isPastHorizon(at(7), clock(0), { horizon_hours: 6 })).toBe(false);
    expect(isPastHorizon(at(-1), clock(0), { horizon_hours: 0 })).toBe(true);
  });

  it('anonymous editing needs the rules enabled and anon_editing (identity §6)', () => {
    expect(anonymousEditingRules(RULES).enabled).toBe(true);
    expect(anonymousEditingRules({ ...RULES, anon_editing: false }).enabled).toBe(false);
    expect(anonymousEditingRules({ ...RULES, enabled: false }).enabled).toBe(false);
  });

  it('edits only handler tickets of a configured category (null: any)', () => {
    expect(isEditableKind({ handler: 'tickets', category: 'x' }, { categories: null })).toBe(true);
    expect(isEditableKind({ handler: 'membership', category: 'x' }, { categories: null })).toBe(
      false,
    );
    expect(isEditableKind({ handler: 'tickets', category: 'x' }, { categories: ['y'] })).toBe(
      false,
    );
    expect(isEditableKind({ handler: 'tickets', category: null }, { categories: ['y'] })).toBe(
      false,
    );
  });

  it('cancels a free ticket with a future session whatever the rules; a paid one only by self-edit', () => {
    const off = DEFAULT_SELF_EDIT_RULES;
    expect(cancelRefusal(ticket({ adjustedValue: 0 }), off, clock(0))).toBeNull();
    expect(cancelRefusal(ticket({ adjustedValue: 0, start: at(-1) }), off, clock(0))).toBe(
      'tickets_too_old',
    );
    expect(cancelRefusal(ticket(), off, clock(0))).toBe('not_editable');
    expect(cancelRefusal(ticket(), RULES, clock(0))).toBeNull();
    expect(cancelRefusal(ticket({ start: at(14) }), RULES, clock(1))).toBe('tickets_too_old');
    expect(cancelRefusal(ticket({ state: 'redeemed' }), RULES, clock(0))).toBe(
      'ticket_state_incorrect',
    );
    expect(selfEditRefusal(ticket({ start: null }), RULES, clock(0))).toBe('not_editable');
  });

  it('a session is not editable when all its tickets are cancelled, one is redeemed, or it is past the horizon', () => {
    const start = at(72);
    expect(isSessionEditable([{ state: 'booked' }], start, RULES, clock(0))).toBe(true);
    expect(
      isSessionEditable([{ state: 'cancelled' }, { state: 'unbooked' }], start, RULES, clock(0)),
    ).toBe(false);
    expect(
      isSessionEditable([{ state: 'booked' }, { state: 'redeemed' }], start, RULES, clock(0)),
    ).toBe(false);
    expect(isSessionEditable([{ state: 'booked' }], start, RULES, clock(4))).toBe(false);
    expect(isSessionEditable([{ state: 'booked' }], start, DEFAULT_SELF_EDIT_RULES, clock(0))).toBe(
      false,
    );
  });

  it('an order can be cancelled only if every ticket is free and one is still live and open', () => {
    const free = (over: Partial<TicketFacts> = {}) =>
      ticket({ faceValue: 0, adjustedValue: 0, ...over });
    expect(isOrderCancellable([free(), free({ state: 'cancelled' })], RULES, clock(0))).toBe(true);
    expect(isOrderCancellable([free(), ticket()], RULES, clock(0))).toBe(false);
    expect(isOrderCancellable([free({ state: 'cancelled' })], RULES, clock(0))).toBe(false);
    expect(isOrderCancellable([free({ start: at(14) })], RULES, clock(1))).toBe(false);
    expect(isOrderCancellable([], RULES, clock(0))).toBe(false);
  });
});
