import { describe, expect, it } from 'vitest';
import { AppError } from '@/http/app-error';
import { validateAdditionalInfo } from './survey';

const spec = {
  properties: {
    age: { type: 'integer', minimum: 0, maximum: 120 },
    weight: { type: 'number', minimum: 0.5 },
    email: { type: 'string', format: 'email' },
    visit: { type: 'string', format: 'date' },
    diet: { type: 'string', enum: ['none', 'vegan'] },
    size: { enum: ['S', 'M'] },
    staff: { type: 'string', contexts: 'box_office, kiosk' },
  },
  required: ['age', 'staff'],
};

const fieldOf = (answers: Record<string, unknown> | undefined, survey: unknown = spec) => {
  try {
    validateAdditionalInfo(survey, answers);
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err).toMatchObject({ code: 'validation_failed', context: 'reserve' });
    return err.extra?.field;
  }
};

describe('validateAdditionalInfo (shopping §3 survey spec)', () => {
  it('accepts valid answers and skips required questions not asked on the web', () => {
    expect(
      fieldOf({
        age: 30,
        weight: 0.5,
        email: 'a@b.co',
        visit: '2029-02-28',
        diet: 'vegan',
        size: 'M',
      }),
    ).toBeNull();
  });
  it.each([
    [{}, 'additional_info.age'],
    [{ age: '' }, 'additional_info.age'],
    [{ age: '30' }, 'additional_info.age'],
    [{ age: 30.5 }, 'additional_info.age'],
    [{ age: -1 }, 'additional_info.age'],
    [{ age: 121 }, 'additional_info.age'],
    [{ age: 1, weight: 0.4 }, 'additional_info.weight'],
    [{ age: 1, email: 'nope' }, 'additional_info.email'],
    [{ age: 1, visit: '2029-02-30x' }, 'additional_info.visit'],
    [{ age: 1, diet: 'meat' }, 'additional_info.diet'],
    [{ age: 1, size: 'XL' }, 'additional_info.size'],
    [{ age: 1, unknown: true }, 'additional_info.unknown'],
  ])('%j fails on %s', (answers, field) => {
    expect(fieldOf(answers)).toBe(field);
  });
  it('refuses answers when the group asks nothing', () => {
    expect(fieldOf({ anything: 1 }, null)).toBe('additional_info.anything');
    expect(fieldOf(undefined, null)).toBeNull();
  });
});
