import { isEmailAddress } from '@admit/contracts/rules/email-address';
import { validationFailed } from '@/http/app-error';

/**
 * Server-side check of survey answers (`additional_info`) against a ticket group's
 * `additional_info_spec` (shopping §3 "Survey spec", §5 "Survey answers"): required answers
 * present, types, enum, email/date formats, minimum/maximum. The first problem is a
 * `validation_failed` naming the field as `additional_info.<name>`.
 */

interface SurveyProperty {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  contexts?: string[] | string;
}

export interface SurveySpec {
  properties?: Record<string, SurveyProperty>;
  required?: string[];
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

// spec: shopping §3 — contexts are comma- or space-separated tokens matched against "web …"
function askedOnWeb(property: SurveyProperty): boolean {
  if (property.contexts === undefined) return true;
  const raw = Array.isArray(property.contexts) ? property.contexts.join(' ') : property.contexts;
  return raw.split(/[\s,]+/).includes('web');
}

function problemOf(property: SurveyProperty, value: unknown): string | null {
  switch (property.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (property.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (property.minimum !== undefined && value < property.minimum)
        return `must be at least ${property.minimum}`;
      if (property.maximum !== undefined && value > property.maximum)
        return `must be at most ${property.maximum}`;
      return null;
    }
    case 'string': {
      if (typeof value !== 'string') return 'must be text';
      if (property.format === 'email' && !isEmailAddress(value)) return 'must be an e-mail address';
      if (property.format === 'date' && (!DATE_RE.test(value) || Number.isNaN(Date.parse(value))))
        return 'must be a date (YYYY-MM-DD)';
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    default:
      // enum-only questions carry no type; a spec with an unknown type accepts nothing
      return property.enum ? null : 'is not a known question';
  }
}

/** Throws `validation_failed` (context `reserve`) for the first answer that breaks the spec. */
export function validateAdditionalInfo(
  spec: unknown,
  answers: Record<string, unknown> | undefined,
) {
  const survey = (spec ?? {}) as SurveySpec;
  const properties = survey.properties ?? {};
  const given = answers ?? {};
  for (const name of survey.required ?? []) {
    const property = properties[name];
    if (property && !askedOnWeb(property)) continue;
    const value = given[name];
    if (value === undefined || value === null || value === '') {
      throw validationFailed('reserve', `additional_info.${name}`, 'an answer is required');
    }
  }
  for (const [name, value] of Object.entries(given)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const field = `additional_info.${name}`;
    if (!property)
      throw validationFailed('reserve', field, 'is not a question of this ticket group');
    if (value === null || value === '') continue;
    if (property.enum && !property.enum.includes(value)) {
      throw validationFailed('reserve', field, 'is not one of the offered choices');
    }
    const problem = problemOf(property, value);
    if (problem) throw validationFailed('reserve', field, problem);
  }
}
