import { describe, expect, it } from 'vitest';
import { answerLinesOf } from './checkout-answers';

const source = {
  ticket: { _data: [{ event_template_id: 'e1', ticket_group_id: 'g1' }] },
  meta: {
    _data: [
      {
        resource: 'event_template',
        resource_id: 'e1',
        key: 'identity_form',
        value: {
          properties: {
            group: { title: 'School or group name' },
            wheelchair: { title: 'Wheelchair access needed', type: 'boolean' },
            day: { title: 'Preferred day', format: 'date' },
            notes: { title: 'Notes' },
          },
        },
      },
    ],
  },
};

describe('answer lines (decision 0077)', () => {
  it('names each answer by its title in the order asked, a ticked box and a date in words', () => {
    const info = { day: '2029-06-02', wheelchair: 'true', group: 'Hillside', notes: '' };
    expect(answerLinesOf(source, info, { yes: 'Yes', locale: 'en-GB' })).toEqual([
      { name: 'group', title: 'School or group name', text: 'Hillside' },
      { name: 'wheelchair', title: 'Wheelchair access needed', text: 'Yes' },
      { name: 'day', title: 'Preferred day', text: 'Sat 2 Jun 2029' },
    ]);
  });

  it('has none without answers', () => {
    expect(answerLinesOf(source, null, { yes: 'Yes' })).toEqual([]);
  });
});
