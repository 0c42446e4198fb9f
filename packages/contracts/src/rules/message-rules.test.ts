import { describe, expect, it } from 'vitest';
import {
  dateTriggerMatches,
  messagesFor,
  minutesOfDay,
  parseMessageRules,
  quantityMessages,
  quantityTriggerMatches,
  type MessageRule,
  type SelectedQuantity,
} from './message-rules';

describe('minutesOfDay', () => {
  it.each([
    ['00:00', 0],
    ['0000', 0],
    ['12:00', 720],
    ['1730', 1050],
    ['24:00', 1440],
  ])('%s → %i', (time, minutes) => expect(minutesOfDay(time)).toBe(minutes));
});

describe('dateTriggerMatches (shopping §5)', () => {
  const window = { time_of_day: { start: '10:00', end: '12:00' } };
  it.each([
    ['start of the window is inclusive', window, '2026-11-22', 600, true],
    ['end of the window is exclusive', window, '2026-11-22', 720, false],
    ['a minute before the end', window, '2026-11-22', 719, true],
    ['before the window', window, '2026-11-22', 599, false],
    ['no session time ignores the window', window, '2026-11-22', null, true],
    [
      'interval start inclusive',
      { dateInterval: { start: '2026-11-22' } },
      '2026-11-22',
      null,
      true,
    ],
    ['interval end inclusive', { dateInterval: { end: '2026-11-22' } }, '2026-11-22', null, true],
    [
      'after the interval',
      { dateInterval: { start: '2026-11-01', end: '2026-11-21' } },
      '2026-11-22',
      null,
      false,
    ],
    ['weekday (2026-11-22 is a Sunday)', { weekdays: [7] }, '2026-11-22', null, true],
    ['other weekdays', { weekdays: [1, 2, 3, 4, 5] }, '2026-11-22', null, false],
    ['an empty weekday list is no restriction', { weekdays: [] }, '2026-11-22', null, true],
    ['HHMM form', { time_of_day: { start: '0000', end: '1200' } }, '2026-11-22', 0, true],
  ])('%s', (_name, trigger, date, minutes, expected) => {
    expect(dateTriggerMatches(trigger, date, minutes)).toBe(expected);
  });
});

const line = (over: Partial<SelectedQuantity>): SelectedQuantity => ({
  ticket_type_id: 'adult-id',
  ticket_type_name: 'Adult',
  ticket_group_id: 'ga-id',
  ticket_group_name: 'General Admission',
  quantity: 1,
  ...over,
});
const selection = [
  line({ quantity: 3 }),
  line({ ticket_type_id: 'child-id', ticket_type_name: 'Child', quantity: 2 }),
  line({
    ticket_group_id: 'tour-id',
    ticket_group_name: 'Tour',
    ticket_type_id: 'tour-ticket-id',
    ticket_type_name: 'Tour ticket',
    quantity: 4,
  }),
];

describe('quantityTriggerMatches (inclusive bounds)', () => {
  it.each([
    ['all types summed, min inclusive', { min: 9 }, true],
    ['all types summed, min above', { min: 10 }, false],
    ['max inclusive', { min: 1, max: 9 }, true],
    ['max below', { max: 8 }, false],
    ['by group id', { ticket_group_ids: ['ga-id'], min: 5, max: 5 }, true],
    ['by group name', { ticket_group_names: ['Tour'], min: 4, max: 4 }, true],
    ['by type id', { ticket_type_ids: ['child-id'], min: 3 }, false],
    ['by type name', { ticket_type_names: ['Adult'], min: 3, max: 3 }, true],
    [
      'ids or names',
      { ticket_type_ids: ['child-id'], ticket_type_names: ['Adult'], min: 5, max: 5 },
      true,
    ],
    [
      'group and type both constrain',
      { ticket_group_ids: ['tour-id'], ticket_type_names: ['Adult'] },
      false,
    ],
    ['nothing matching: default min is one', { ticket_type_names: ['Senior'] }, false],
  ])('%s', (_name, trigger, expected) => {
    expect(quantityTriggerMatches(trigger, selection)).toBe(expected);
  });
  it('an explicit min of 0 matches an empty selection', () => {
    expect(quantityTriggerMatches({ min: 0, max: 0 }, [])).toBe(true);
  });
});

describe('messagesFor and quantityMessages', () => {
  const rules: MessageRule[] = [
    {
      action: 'date_annotation',
      message: 'Late opening',
      triggers: { dateOrSession: { weekdays: [4] } },
    },
    {
      action: 'date_annotation',
      message: 'Holiday',
      triggers: { dateOrSession: { dateInterval: { start: '2026-12-24', end: '2026-12-26' } } },
    },
    {
      action: 'date_message',
      message: 'Morning tours',
      triggers: { dateOrSession: { time_of_day: { start: '09:00', end: '12:00' } } },
    },
    {
      action: 'session_annotation',
      message: 'Quiet hour',
      triggers: { dateOrSession: { time_of_day: { start: '10:00', end: '11:00' } } },
    },
    { action: 'date_annotation', message: 'Groups of 10+', triggers: { quantity: { min: 10 } } },
    { action: 'quantity_message', message: 'Large party', triggers: { quantity: { min: 6 } } },
    {
      action: 'quantity_message',
      message: 'Morning party',
      triggers: {
        quantity: { min: 6 },
        dateOrSession: { time_of_day: { start: '09:00', end: '12:00' } },
      },
    },
  ];
  it('annotates dates by weekday and interval', () => {
    expect(
      messagesFor(rules, 'date_annotation', { date: '2026-12-24', sessionMinutes: [600] }),
    ).toEqual(['Late opening', 'Holiday']);
    expect(
      messagesFor(rules, 'date_annotation', { date: '2026-12-27', sessionMinutes: [600] }),
    ).toEqual([]);
  });
  it('a date meets a time window when any of its sessions starts inside it', () => {
    const at = (sessionMinutes: number[]) => ({ date: '2026-12-27', sessionMinutes });
    expect(messagesFor(rules, 'date_message', at([780, 660]))).toEqual(['Morning tours']);
    expect(messagesFor(rules, 'date_message', at([720, 780]))).toEqual([]);
  });
  it('annotates sessions by their start time', () => {
    expect(
      messagesFor(rules, 'session_annotation', { date: '2026-12-27', sessionMinutes: [600] }),
    ).toEqual(['Quiet hour']);
    expect(
      messagesFor(rules, 'session_annotation', { date: '2026-12-27', sessionMinutes: [660] }),
    ).toEqual([]);
  });
  it('a quantity trigger needs a selection', () => {
    const at = { date: '2026-12-27', sessionMinutes: [600] };
    expect(messagesFor(rules, 'date_annotation', at)).toEqual([]);
    expect(messagesFor(rules, 'date_annotation', at, [line({ quantity: 10 })])).toEqual([
      'Groups of 10+',
    ]);
  });
  it('quantity messages check an optional session time', () => {
    const party = [line({ quantity: 6 })];
    expect(quantityMessages(rules, party, { date: '2026-12-27', minutes: 600 })).toEqual([
      'Large party',
      'Morning party',
    ]);
    expect(quantityMessages(rules, party, { date: '2026-12-27', minutes: 720 })).toEqual([
      'Large party',
    ]);
    expect(quantityMessages(rules, [line({ quantity: 5 })], null)).toEqual([]);
  });
  it('parseMessageRules keeps only well-formed rules', () => {
    const stored = [
      rules[0],
      { action: 'shout', message: 'x', triggers: {} },
      'junk',
      { action: 'date_message' },
    ];
    expect(parseMessageRules(stored)).toEqual([rules[0]]);
    expect(parseMessageRules({ not: 'an array' })).toEqual([]);
  });
});
