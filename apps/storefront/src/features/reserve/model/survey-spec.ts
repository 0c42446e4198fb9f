import { isEmailAddress } from '@admit/contracts/rules/email-address';

/**
 * Survey questions from a ticket group's meta `additional_info_spec` (spec: shopping §3
 * "Survey spec", §5 "Survey answers"). Pure: the survey fields render what this returns.
 */

export type SurveyInputType = 'number' | 'text' | 'options' | 'email' | 'date' | 'checkbox';

export interface SurveyQuestion {
  key: string;
  title: string;
  description: string | null;
  input: SurveyInputType;
  /** integer questions accept whole numbers only */
  integer: boolean;
  options: string[];
  minimum: number | null;
  maximum: number | null;
  required: boolean;
}

/** A spec the storefront cannot render: the form shows its initialization error. */
export class SurveySpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SurveySpecError';
  }
}

interface PropertySpec {
  type?: unknown;
  format?: unknown;
  enum?: unknown;
  title?: unknown;
  description?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  propertyOrder?: unknown;
  contexts?: unknown;
}

/** spec: shopping §3 — contexts are comma- or space-separated tokens; an empty list is an error. */
export function contextTokens(list: string): Set<string> {
  const tokens = list
    .split(/[\s,]+/)
    .map((token) => token.trim())
    .filter(Boolean);
  if (tokens.length === 0) throw new SurveySpecError('empty context list');
  return new Set(tokens);
}

/**
 * A question is asked here when one of its context tokens is in the set "web {context}": a
 * question for "web" shows everywhere on the web, one for "checkout" only at checkout. A question
 * without a contexts list is a web question.
 */
export function isAskedIn(contexts: unknown, context: string): boolean {
  const here = contextTokens(`web ${context}`);
  const list = Array.isArray(contexts) ? contexts.join(' ') : contexts;
  if (list === undefined || list === null) return true;
  if (typeof list !== 'string') throw new SurveySpecError('contexts must be a string or a list');
  return [...contextTokens(list)].some((token) => here.has(token));
}

function inputOf(key: string, property: PropertySpec): SurveyInputType {
  if (Array.isArray(property.enum)) return 'options';
  if (property.format === 'email') return 'email';
  if (property.format === 'date') return 'date';
  switch (property.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'checkbox';
    case undefined:
    case null:
      // spec: shopping §5 — "missing type is an error"
      throw new SurveySpecError(`question "${key}" has no type`);
    default:
      throw new SurveySpecError(`question "${key}" has an unknown type`);
  }
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** The questions of one spec asked in `context` (e.g. "reserve"), in propertyOrder. */
export function toSurveyQuestions(spec: unknown, context: string): SurveyQuestion[] {
  if (spec === undefined || spec === null) return [];
  if (typeof spec !== 'object') throw new SurveySpecError('additional_info_spec is not an object');
  const { properties, required } = spec as { properties?: unknown; required?: unknown };
  if (typeof properties !== 'object' || properties === null) return [];
  const requiredKeys = new Set(Array.isArray(required) ? required : []);
  return Object.entries(properties as Record<string, PropertySpec>)
    .map(([key, property], index) => ({ key, property, index }))
    .filter(({ property }) => isAskedIn(property.contexts, context))
    .sort(
      (a, b) =>
        (numberOrNull(a.property.propertyOrder) ?? a.index) -
          (numberOrNull(b.property.propertyOrder) ?? b.index) || a.index - b.index,
    )
    .map(({ key, property }) => ({
      key,
      title: typeof property.title === 'string' ? property.title : key,
      description: typeof property.description === 'string' ? property.description : null,
      input: inputOf(key, property),
      integer: property.type === 'integer',
      options: Array.isArray(property.enum) ? property.enum.map(String) : [],
      minimum: numberOrNull(property.minimum),
      maximum: numberOrNull(property.maximum),
      required: requiredKeys.has(key),
    }));
}

export type SurveyValues = Readonly<Record<string, string | boolean>>;

/** spec: shopping §5 — "empty strings dropped; number types converted to numbers". */
export function cleanSurveyAnswers(
  questions: readonly SurveyQuestion[],
  values: SurveyValues,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const value = values[question.key];
    if (typeof value === 'boolean') {
      answers[question.key] = value;
      continue;
    }
    const text = value?.trim() ?? '';
    if (text === '') continue;
    answers[question.key] = question.input === 'number' ? Number(text) : text;
  }
  return answers;
}

export type SurveyProblem = 'empty' | 'out_of_range' | 'not_a_number' | 'invalid_email';

/** The first problem of one answer, or null. */
export function surveyAnswerProblem(
  question: SurveyQuestion,
  value: string | boolean | undefined,
): SurveyProblem | null {
  if (question.input === 'checkbox') {
    return question.required && value !== true ? 'empty' : null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return question.required ? 'empty' : null;
  if (question.input === 'email' && !isEmailAddress(text)) {
    return 'invalid_email';
  }
  if (question.input !== 'number') return null;
  const number = Number(text);
  if (!Number.isFinite(number) || (question.integer && !Number.isInteger(number))) {
    return 'not_a_number';
  }
  if (
    (question.minimum !== null && number < question.minimum) ||
    (question.maximum !== null && number > question.maximum)
  ) {
    return 'out_of_range';
  }
  return null;
}
