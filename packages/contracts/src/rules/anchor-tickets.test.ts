import { describe, expect, it } from 'vitest';
import {
  addOnTicketsBeyondAdmission,
  anchorMismatch,
  countAnchorTickets,
  isAnchorEvent,
  isMetaFlagSet,
  setsMustMatchAnchor,
} from './anchor-tickets';

const config = { anchor_events: ['tour'], anchor_categories: ['Add-ons'] };

describe('add-ons that follow the admission (decision 0065)', () => {
  it('knows the seller’s add-ons by id or by category', () => {
    expect(isAnchorEvent({ id: 'tour', category: null }, config)).toBe(true);
    expect(isAnchorEvent({ id: 'cafe', category: 'Add-ons' }, config)).toBe(true);
    expect(isAnchorEvent({ id: 'ga', category: 'Admission' }, config)).toBe(false);
  });
  it('counts only admission tickets of events that are not add-ons', () => {
    const kind = (eventId: string, handler: string, count: number, category = 'Admission') => ({
      eventId,
      category,
      handler,
      count,
    });
    expect(
      countAnchorTickets(
        [
          kind('ga', 'tickets', 2),
          kind('ga', 'passes', 1),
          kind('tour', 'tickets', 5),
          kind('cafe', 'tickets', 1, 'Add-ons'),
          kind('shop', 'donation', 1),
          kind('club', 'membership', 1),
          kind('gift', 'ledger', 1),
        ],
        config,
      ),
    ).toBe(3);
  });
  it('refuses more or fewer than the admission, accepts exactly as many', () => {
    expect(anchorMismatch(4, 3)).toBe('over');
    expect(anchorMismatch(2, 3)).toBe('under');
    expect(anchorMismatch(3, 3)).toBeNull();
  });
  it('reads a meta flag as the back office stores it', () => {
    for (const on of [true, 1, 'true', ' Yes ', 'y', '1']) expect(isMetaFlagSet(on)).toBe(true);
    for (const off of [false, 0, 'no', '', null, undefined, {}])
      expect(isMetaFlagSet(off)).toBe(false);
  });
});

describe('setsMustMatchAnchor (decision 0092)', () => {
  const row = (over: Partial<{ resource: string; key: string; value: unknown }>) => ({
    resource: 'event_template',
    key: 'tickets_must_match_anchor_tickets',
    value: 'yes',
    ...over,
  });
  it('is the event meta set to a flag that reads as on', () => {
    expect(setsMustMatchAnchor(row({}))).toBe(true);
    expect(setsMustMatchAnchor(row({ value: false }))).toBe(false);
    expect(setsMustMatchAnchor(row({ resource: 'ticket_group' }))).toBe(false);
    expect(setsMustMatchAnchor(row({ key: 'ticket_date_time' }))).toBe(false);
  });
});

describe('addOnTicketsBeyondAdmission (decisions 0076, 0098)', () => {
  const admission = (id: string, typeName: string) => ({
    id,
    eventId: 'museum',
    category: null,
    handler: 'tickets',
    typeName,
  });
  const addOn = (id: string, typeName: string) => ({
    id,
    eventId: 'tour',
    category: null,
    handler: 'tickets',
    typeName,
  });
  const trim = (tickets: ReturnType<typeof admission>[]) =>
    addOnTicketsBeyondAdmission(tickets, new Set(['tour']), config);

  it('takes the add-on ticket of the type the admission lost, even when another was made last', () => {
    // an Adult admission left: the Child add-on, made last, still has its Child admission
    const left = [admission('a2', 'Adult'), admission('c1', 'Child')];
    const addOns = [addOn('ta1', 'Adult'), addOn('ta2', ' adult'), addOn('tc1', 'Child')];
    expect(trim([...left, ...addOns])).toEqual(['ta2']);
    // the Child admission left instead: its add-on goes
    expect(trim([admission('a1', 'Adult'), admission('a2', 'Adult'), ...addOns])).toEqual(['tc1']);
  });

  it('takes the last made among the unmatched when no name matches', () => {
    const addOns = [addOn('t1', 'Grown-up'), addOn('t2', 'Kid'), addOn('t3', 'Grown-up')];
    expect(trim([admission('a1', 'Adult'), ...addOns])).toEqual(['t3', 't2']);
  });

  it('takes nothing while the add-on does not outnumber the admission, nor binds other events', () => {
    const tickets = [admission('a1', 'Adult'), addOn('t1', 'Child')];
    expect(trim(tickets)).toEqual([]);
    expect(addOnTicketsBeyondAdmission([addOn('t1', 'Adult')], new Set(['other']), config)).toEqual(
      [],
    );
  });
});
