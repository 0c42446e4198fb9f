import { describe, expect, it } from 'vitest';
import {
  checkoutAnswersSchema,
  checkoutQuestionsOf,
  checkoutQuestionsSpecSchema,
} from './checkout-questions';

const EVENT = 'e1';
const GROUP = 'g1';
const meta = (resource: string, resource_id: string, key: string, value: unknown) => ({
  resource,
  resource_id,
  key,
  value,
});
const source = (rows: ReturnType<typeof meta>[]) => ({
  ticket: { _data: [{ event_template_id: EVENT, ticket_group_id: GROUP }] },
  meta: { _data: rows },
});

describe('checkout questions (decision 0064)', () => {
  it("asks the event's identity_form, then the group's identity_form and extra fields", () => {
    const questions = checkoutQuestionsOf(
      source([
        meta('ticket_group', GROUP, 'extra_checkout_fields', {
          properties: { notes: { title: 'Notes' }, school: { title: 'Ignored twin' } },
          required: ['school'],
        }),
        meta('event_template', EVENT, 'identity_form', {
          properties: { school: { title: 'School' } },
        }),
        // another group's questions are not asked, nor a declaration that is not one
        meta('ticket_group', 'g2', 'identity_form', { properties: { x: { title: 'X' } } }),
        meta('ticket_group', GROUP, 'identity_form', { properties: { Bad: {} } }),
      ]),
    );
    expect(questions.map((q) => [q.name, q.title, q.required])).toEqual([
      ['school', 'School', true],
      ['notes', 'Notes', false],
    ]);
  });

  it('refuses a declaration whose same_as or required names no question of the form', () => {
    const spec = (value: unknown) => checkoutQuestionsSpecSchema.safeParse(value).success;
    expect(spec({ properties: { a: { title: 'A', same_as: 'b' } } })).toBe(false);
    expect(spec({ properties: { a: { title: 'A', same_as: 'a' } } })).toBe(false);
    expect(spec({ properties: { a: { title: 'A' } }, required: ['b'] })).toBe(false);
    expect(spec({ properties: { a: { title: 'A' }, b: { title: 'B', same_as: 'a' } } })).toBe(true);
  });

  it("keys a same-as mismatch '{field}MustMatch' on the field it must match", () => {
    const [question] = checkoutQuestionsOf(
      source([
        meta('event_template', EVENT, 'identity_form', {
          properties: { mail: { title: 'Mail' }, mail_again: { title: 'Again', same_as: 'mail' } },
        }),
      ]),
    ).slice(1);
    const schema = checkoutAnswersSchema([
      { name: 'mail', title: 'Mail', required: false, maxLength: 500 },
      question!,
    ]);
    const refused = schema.safeParse({ mail: 'a@example.org', mail_again: '' });
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['mail_again'], 'mailMustMatch'],
    ]);
    expect(schema.parse({ mail: ' a@example.org ', mail_again: 'a@example.org' })).toEqual({
      mail: 'a@example.org',
      mail_again: 'a@example.org',
    });
    // both empty: nothing to match, nothing kept
    expect(schema.parse({ mail: '', mail_again: '' })).toEqual({});
  });
});

describe('answers beyond text (decision 0077)', () => {
  const questions = checkoutQuestionsOf(
    source([
      meta('event_template', EVENT, 'identity_form', {
        properties: {
          size: { title: 'Group size', type: 'integer', minimum: 1, maximum: 60 },
          budget: { title: 'Budget', type: 'number' },
          consent: { title: 'Photos allowed', type: 'boolean' },
          day: { title: 'Preferred day', format: 'date' },
        },
        required: ['consent'],
      }),
    ]),
  );
  const problems = (answers: Record<string, string>) => {
    const parsed = checkoutAnswersSchema(questions).safeParse(answers);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('accepts a whole number in bounds, a decimal, a ticked box and a real date', () => {
    expect(problems({ size: '24', budget: '99.5', consent: 'true', day: '2029-06-02' })).toEqual(
      {},
    );
  });

  it('refuses what is not of the type, out of bounds, unticked when required, or no calendar day', () => {
    expect(problems({ size: '2.5', budget: 'lots', consent: 'false', day: '2029-06-31' })).toEqual({
      size: 'checkout.error.integer-invalid',
      budget: 'checkout.error.number-invalid',
      consent: 'checkout.error.choice-invalid',
      day: 'checkout.error.date-invalid',
    });
    expect(problems({ size: '61', consent: '' })).toEqual({
      size: 'checkout.error.number-range',
      consent: 'checkout.error.required',
    });
  });

  it('a seller file may declare them; an unknown type is still refused', () => {
    const declared = (type: string) =>
      checkoutQuestionsSpecSchema.safeParse({ properties: { q: { title: 'Q', type } } }).success;
    expect(declared('boolean')).toBe(true);
    expect(declared('object')).toBe(false);
  });
});
