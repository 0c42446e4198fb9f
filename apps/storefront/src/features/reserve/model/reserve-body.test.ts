import { describe, expect, it } from 'vitest';
import { cartModifyBodySchema } from '@admit/contracts/cart';
import { fixtureId } from '@/testing/api-fixtures';
import { toReserveBody } from '@/features/reserve/model/reserve-body';

const SESSION = fixtureId(700);
const ADULT = fixtureId(201);
const CHILD = fixtureId(202);
const GROUP = fixtureId(100);
const groupOfType = { [ADULT]: GROUP, [CHILD]: GROUP };

describe('toReserveBody (issue "Wire shapes")', () => {
  it('sends plain quantities as one add entry for the session, leaving out zeros', () => {
    const body = toReserveBody({
      eventSessionId: SESSION,
      quantities: { [ADULT]: 2, [CHILD]: 0 },
      groupOfType,
    });
    expect(body).toEqual({
      add: [
        {
          event_session_id: SESSION,
          ticket_types_required: [{ ticket_type_id: ADULT, quantity: 2 }],
        },
      ],
    });
    expect(cartModifyBodySchema.parse(body)).toEqual(body);
  });

  it('omits event_session_id for any-date types and passes the promo code before reserving', () => {
    const body = toReserveBody({
      eventSessionId: null,
      quantities: { [ADULT]: 1 },
      groupOfType,
      promoCode: ' SPRING ',
    });
    expect(body).toEqual({
      preReservePromoCodes: ['SPRING'],
      add: [{ ticket_types_required: [{ ticket_type_id: ADULT, quantity: 1 }] }],
    });
  });

  it('lists every ticket in reserve.tickets once a name, e-mail, answer or face value is present', () => {
    const body = toReserveBody({
      eventSessionId: SESSION,
      quantities: { [ADULT]: 2, [CHILD]: 1 },
      groupOfType,
      admits: {
        [ADULT]: [
          { admitName: 'Ada Lovelace', admitEmail: 'ada@example.org' },
          { admitName: 'Charles Babbage', admitEmail: '' },
        ],
        [CHILD]: [{ admitName: '', admitEmail: '' }],
      },
      surveyAnswers: { [GROUP]: { age: 9 } },
    });
    expect(body.add).toBeUndefined();
    expect(body.reserve?.tickets).toEqual([
      {
        ticket_type_id: ADULT,
        event_session_id: SESSION,
        admit_name: 'Ada Lovelace',
        admit_email: 'ada@example.org',
        additional_info: { age: 9 },
      },
      {
        ticket_type_id: ADULT,
        event_session_id: SESSION,
        admit_name: 'Charles Babbage',
        additional_info: { age: 9 },
      },
      { ticket_type_id: CHILD, event_session_id: SESSION, additional_info: { age: 9 } },
    ]);
    expect(cartModifyBodySchema.safeParse(body).success).toBe(true);
  });

  it('carries a flexible face value per ticket', () => {
    const body = toReserveBody({
      eventSessionId: null,
      quantities: { [ADULT]: 1 },
      groupOfType,
      faceValues: { [ADULT]: '40.00' },
    });
    expect(body.reserve?.tickets).toEqual([{ ticket_type_id: ADULT, face_value: '40.00' }]);
  });

  it('sends one entry of quantity 1 per seat, with its seat_template_id (decision 0052)', () => {
    const plain = toReserveBody({
      eventSessionId: SESSION,
      quantities: { [ADULT]: 2, [CHILD]: 1 },
      groupOfType,
      seats: { [ADULT]: ['F11', 'F12'] },
    });
    expect(plain.add).toEqual([
      {
        event_session_id: SESSION,
        ticket_types_required: [
          { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'F11' },
          { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'F12' },
          { ticket_type_id: CHILD, quantity: 1 },
        ],
      },
    ]);
    const named = toReserveBody({
      eventSessionId: SESSION,
      quantities: { [ADULT]: 1 },
      groupOfType,
      admits: { [ADULT]: [{ admitName: 'Ada Lovelace', admitEmail: '' }] },
      seats: { [ADULT]: ['F11'] },
    });
    expect(named.reserve?.tickets).toEqual([
      {
        ticket_type_id: ADULT,
        seat_template_id: 'F11',
        event_session_id: SESSION,
        admit_name: 'Ada Lovelace',
      },
    ]);
    expect(cartModifyBodySchema.parse(plain)).toEqual(plain);
  });

  it('sends nothing to add without tickets', () => {
    expect(toReserveBody({ eventSessionId: SESSION, quantities: {}, groupOfType })).toEqual({});
  });
});
