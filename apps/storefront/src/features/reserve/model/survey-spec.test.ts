import { describe, expect, it } from 'vitest';
import {
  cleanSurveyAnswers,
  contextTokens,
  isAskedIn,
  surveyAnswerProblem,
  SurveySpecError,
  toSurveyQuestions,
} from '@/features/reserve/model/survey-spec';

const SPEC = {
  properties: {
    visit_reason: {
      type: 'string',
      enum: ['Leisure', 'School'],
      title: 'Reason',
      propertyOrder: 3,
    },
    age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120, propertyOrder: 1 },
    contact: { type: 'string', format: 'email', title: 'Contact', propertyOrder: 2 },
    birthday: { type: 'string', format: 'date', title: 'Birthday', propertyOrder: 4 },
    note: { type: 'string', title: 'Note', propertyOrder: 5 },
    checkout_only: { type: 'string', title: 'Invoice', contexts: 'checkout' },
    kiosk_only: { type: 'string', title: 'Kiosk', contexts: ['kiosk'] },
  },
  required: ['age'],
};

describe('survey spec (shopping §3, §5)', () => {
  it('maps types: integer→number, string→text, enum→options, email→email, date→date', () => {
    const questions = toSurveyQuestions(SPEC, 'reserve');
    expect(questions.map((q) => [q.key, q.input, q.required])).toEqual([
      ['age', 'number', true],
      ['contact', 'email', false],
      ['visit_reason', 'options', false],
      ['birthday', 'date', false],
      ['note', 'text', false],
    ]);
    expect(questions[2]!.options).toEqual(['Leisure', 'School']);
  });

  it('asks a question when one of its context tokens is in "web {context}"', () => {
    expect(isAskedIn('web', 'reserve')).toBe(true);
    expect(isAskedIn('checkout, reserve', 'reserve')).toBe(true);
    expect(isAskedIn('checkout', 'reserve')).toBe(false);
    expect(toSurveyQuestions(SPEC, 'checkout').map((q) => q.key)).toContain('checkout_only');
    expect(contextTokens('web,  reserve checkout')).toEqual(
      new Set(['web', 'reserve', 'checkout']),
    );
  });

  it('a missing type or an empty context list is an error', () => {
    expect(() => toSurveyQuestions({ properties: { a: { title: 'A' } } }, 'reserve')).toThrow(
      SurveySpecError,
    );
    expect(() =>
      toSurveyQuestions({ properties: { a: { type: 'string', contexts: ' , ' } } }, 'reserve'),
    ).toThrow(SurveySpecError);
  });

  it('drops empty strings and converts numbers', () => {
    const questions = toSurveyQuestions(SPEC, 'reserve');
    expect(cleanSurveyAnswers(questions, { age: ' 42 ', contact: '', note: '  hi ' })).toEqual({
      age: 42,
      note: 'hi',
    });
  });

  it('checks required, range, numbers and e-mail', () => {
    const [age, contact] = toSurveyQuestions(SPEC, 'reserve');
    expect(surveyAnswerProblem(age!, '')).toBe('empty');
    expect(surveyAnswerProblem(age!, '200')).toBe('out_of_range');
    expect(surveyAnswerProblem(age!, '2.5')).toBe('not_a_number');
    expect(surveyAnswerProblem(age!, '30')).toBeNull();
    expect(surveyAnswerProblem(contact!, 'nope')).toBe('invalid_email');
    expect(surveyAnswerProblem(contact!, '')).toBeNull();
  });

  it('has no questions without a spec', () => {
    expect(toSurveyQuestions(undefined, 'reserve')).toEqual([]);
  });
});
