import { describe, expect, it } from 'vitest';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { SurveySpecError } from '@/features/reserve/model/survey-spec';
import {
  toGroupDetails,
  toTicketsBody,
  validateTicketAnswers,
} from '@/features/reserve/model/ticket-details';
import { validateDateFirst } from '@/features/reserve/flows/date-first/use-date-first-submit';

const GROUP = fixtureId(100);
const ADULT = fixtureId(201);
const group = {
  ticketGroup: makeTicketGroup({ id: GROUP }),
  ticketTypes: [makeTicketType({ id: ADULT, ticket_group_id: GROUP })],
};
const SURVEY = {
  properties: {
    age: { type: 'integer', title: 'Age', minimum: 3 },
    school: { type: 'string', title: 'School' },
  },
  required: ['age'],
};

function details(meta: Record<string, unknown>, eventMeta: Record<string, unknown> = {}) {
  return toGroupDetails([group], () => new Map(Object.entries(meta)), {
    meta: new Map(Object.entries(eventMeta)),
  });
}

describe('ticket details (shopping §5)', () => {
  it('admit settings come from the group meta, else the event meta, else disabled', () => {
    expect(details({ admit_names: 'required' })[0]!.admitRules).toEqual({
      names: 'required',
      emails: 'disabled',
    });
    expect(details({}, { admit_emails: 'optional' })[0]!.admitRules).toEqual({
      names: 'disabled',
      emails: 'optional',
    });
    expect(
      details({ admit_names: 'bogus' }, { admit_names: 'optional' })[0]!.admitRules.names,
    ).toBe('optional');
  });

  it('a survey it cannot render is an error', () => {
    expect(() => details({ additional_info_spec: { properties: { x: {} } } })).toThrow(
      SurveySpecError,
    );
  });

  it('orders issues: no tickets first; then names, e-mails and survey answers of chosen groups', () => {
    const groups = details({
      admit_names: 'required',
      admit_emails: 'required',
      additional_info_spec: SURVEY,
    });
    expect(validateTicketAnswers(groups, { quantities: {}, admits: {}, survey: {} })).toEqual([
      { fieldId: 'reserve-quantities', messageKey: 'reserve.select_tickets' },
    ]);
    const issues = validateTicketAnswers(groups, {
      quantities: { [ADULT]: 1 },
      admits: { [ADULT]: [{ first: 'Ada', last: ' ', email: 'not-an-email' }] },
      survey: { [GROUP]: { age: '2' } },
    });
    expect(issues).toEqual([
      { fieldId: `reserve-admit-${ADULT}-0-last`, messageKey: 'reserve.input_empty' },
      { fieldId: `reserve-admit-${ADULT}-0-email`, messageKey: 'reserve.invalid_email' },
      { fieldId: `reserve-survey-${GROUP}-age`, messageKey: 'reserve.out_of_range' },
    ]);
  });

  it('builds the body with joined names, cleaned answers and no disabled fields', () => {
    const groups = details({ admit_names: 'optional', additional_info_spec: SURVEY });
    const body = toTicketsBody(
      groups,
      {
        quantities: { [ADULT]: 1 },
        admits: { [ADULT]: [{ first: ' Ada ', last: 'Lovelace', email: 'ignored@example.org' }] },
        survey: { [GROUP]: { age: '7', school: '' } },
      },
      { eventSessionId: 'session', promoCode: null },
    );
    expect(body.reserve?.tickets).toEqual([
      {
        ticket_type_id: ADULT,
        event_session_id: 'session',
        admit_name: 'Ada Lovelace',
        additional_info: { age: 7 },
      },
    ]);
  });

  it('date-first asks for the admission type, then the date, then the session', () => {
    const base = { quantities: {}, admits: {}, survey: {} };
    const key = (state: Parameters<typeof validateDateFirst>[0]) =>
      validateDateFirst(state, null)[0]?.messageKey;
    expect(key({ ...base, admission: null, date: null, sessionId: null })).toBe(
      'reserve.select_admission',
    );
    expect(key({ ...base, admission: 'single', date: null, sessionId: null })).toBe(
      'reserve.select_date',
    );
    expect(key({ ...base, admission: 'single', date: '2026-11-21', sessionId: null })).toBe(
      'reserve.select_session',
    );
    expect(key({ ...base, admission: 'any', date: null, sessionId: null })).toBe(
      'reserve.select_tickets',
    );
  });
});
