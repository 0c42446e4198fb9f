import { z } from 'zod';

/**
 * Order-level questions asked at checkout (issue #25; decision 0064): the event meta
 * `identity_form` and the ticket group meta `identity_form` and `extra_checkout_fields`
 * (shopping §3 "Event template", "Ticket group"). They are written like a group's
 * `additional_info_spec` (properties with title, description, enum, format, maxLength,
 * propertyOrder; a `required` list), text, number, checkbox and date answers (decision 0077),
 * plus `same_as`: spec: identity §5 "A
 * same-as rule on inputs requires matching another field, message keyed '{field}MustMatch'".
 * The storefront's form and the checkout call validate the answers with the one rule below.
 */

/** The meta keys that declare checkout questions, in the order their questions are asked. */
export const EVENT_QUESTION_KEYS = ['identity_form'] as const;
export const GROUP_QUESTION_KEYS = ['identity_form', 'extra_checkout_fields'] as const;

/** An answer's longest length when the question names none. */
export const ANSWER_MAX_LENGTH = 500;

const questionNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, {
  message: 'a question name is lower case letters, digits and _ (at most 40)',
});

const questionSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(500).optional(),
  /**
   * what the answer is (decision 0077): text (the default), a number, a whole number, or a
   * checkbox (`boolean`); on the wire every answer is text ('true' for a ticked box)
   */
  type: z.enum(['string', 'number', 'integer', 'boolean']).optional(),
  /** a text answer that is an e-mail address, or a date (YYYY-MM-DD) */
  format: z.enum(['email', 'date']).optional(),
  /** a number's bounds */
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** the answer is one of these (a select) */
  enum: z.array(z.string().trim().min(1).max(200)).min(1).max(50).optional(),
  maxLength: z.number().int().min(1).max(2000).optional(),
  propertyOrder: z.number().int().optional(),
  /** the answer must equal this other question's answer (a confirmation input) */
  same_as: questionNameSchema.optional(),
});

/** One meta value declaring checkout questions (the seller file checks it on import). */
export const checkoutQuestionsSpecSchema = z
  .strictObject({
    properties: z.record(questionNameSchema, questionSchema),
    required: z.array(questionNameSchema).optional(),
  })
  .superRefine((spec, ctx) => {
    for (const name of spec.required ?? []) {
      if (!Object.hasOwn(spec.properties, name)) {
        ctx.addIssue({ code: 'custom', path: ['required'], message: `no question "${name}"` });
      }
    }
    for (const [name, question] of Object.entries(spec.properties)) {
      const other = question.same_as;
      if (other !== undefined && (other === name || !Object.hasOwn(spec.properties, other))) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', name, 'same_as'],
          message: `same_as names another question of the same form, not "${other}"`,
        });
      }
    }
  });
export type CheckoutQuestionsSpec = z.infer<typeof checkoutQuestionsSpecSchema>;

/** One question as the checkout asks it. */
export interface CheckoutQuestion {
  name: string;
  title: string;
  description?: string;
  required: boolean;
  /** text (the default), number, whole number, or a checkbox */
  type?: 'number' | 'integer' | 'boolean';
  format?: 'email' | 'date';
  minimum?: number;
  maximum?: number;
  options?: string[];
  maxLength: number;
  sameAs?: string;
}

/** A cart bundle's (or an order bundle's) tickets and meta rows. */
interface QuestionSource {
  ticket: { _data: readonly { event_template_id: string; ticket_group_id: string }[] };
  meta?: {
    _data: readonly { resource: string; resource_id: string; key: string; value: unknown }[];
  };
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The questions for what is in the cart (a cart or order bundle's tickets and meta rows): each
 * event's `identity_form`, then each group's `identity_form` and `extra_checkout_fields`, in the
 * order the tickets came. A name asked twice is asked once, as first declared, and required if
 * any declaration requires it. A value that is not a valid declaration asks nothing.
 */
export function checkoutQuestionsOf(source: QuestionSource): CheckoutQuestion[] {
  const specs: CheckoutQuestionsSpec[] = [];
  const add = (resource: string, id: string, keys: readonly string[]) => {
    for (const key of keys) {
      const row = source.meta?._data.find(
        (m) => m.resource === resource && m.resource_id === id && m.key === key,
      );
      const parsed = row ? checkoutQuestionsSpecSchema.safeParse(row.value) : null;
      if (parsed?.success) specs.push(parsed.data);
    }
  };
  for (const id of unique(source.ticket._data.map((t) => t.event_template_id))) {
    add('event_template', id, EVENT_QUESTION_KEYS);
  }
  for (const id of unique(source.ticket._data.map((t) => t.ticket_group_id))) {
    add('ticket_group', id, GROUP_QUESTION_KEYS);
  }
  const questions = new Map<string, CheckoutQuestion>();
  for (const spec of specs) {
    const required = new Set(spec.required ?? []);
    const ordered = Object.entries(spec.properties)
      .map(([name, q], index) => ({ name, q, index }))
      .sort((a, b) => (a.q.propertyOrder ?? a.index) - (b.q.propertyOrder ?? b.index));
    for (const { name, q } of ordered) {
      const known = questions.get(name);
      if (known) {
        known.required ||= required.has(name);
        continue;
      }
      questions.set(name, {
        name,
        title: q.title,
        description: q.description,
        required: required.has(name),
        type: q.type === 'string' ? undefined : q.type,
        format: q.format,
        minimum: q.minimum,
        maximum: q.maximum,
        options: q.enum,
        maxLength: q.maxLength ?? ANSWER_MAX_LENGTH,
        sameAs: q.same_as,
      });
    }
  }
  return [...questions.values()];
}

/** The answers on the wire: question name → text (the order's `additional_info`). */
export const checkoutAnswersWireSchema = z
  .record(z.string().max(40), z.string().max(2000))
  .refine((answers) => Object.keys(answers).length <= 100, { message: 'too many answers' });
export type CheckoutAnswers = z.infer<typeof checkoutAnswersWireSchema>;

/** The '{field}MustMatch' key of a same-as input: `field` is the question it must match. */
export const mustMatchKey = (field: string) => `${field}MustMatch`;

const isEmail = (value: string) => z.email().safeParse(value).success;

/** A calendar day written YYYY-MM-DD that exists (no 31 June). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** The problem of a non-empty answer to a number, checkbox or date question. */
function typedProblemOf(q: CheckoutQuestion, value: string): string | null {
  if (q.type === 'boolean') return value === 'true' ? null : 'checkout.error.choice-invalid';
  if (q.type === 'number' || q.type === 'integer') {
    const shape = q.type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
    if (!shape.test(value)) {
      return q.type === 'integer'
        ? 'checkout.error.integer-invalid'
        : 'checkout.error.number-invalid';
    }
    const n = Number(value);
    if ((q.minimum !== undefined && n < q.minimum) || (q.maximum !== undefined && n > q.maximum)) {
      return 'checkout.error.number-range';
    }
  }
  if (q.format === 'date' && !isCalendarDate(value)) return 'checkout.error.date-invalid';
  return null;
}

/** The first problem of one answer (`matched`: the answer its same-as question was given). */
function problemOf(q: CheckoutQuestion, value: string, matched: string): string | null {
  if (!value && q.required) return 'checkout.error.required';
  if (value.length > q.maxLength) return 'checkout.error.too-long';
  if (value && q.format === 'email' && !isEmail(value)) return 'checkout.error.email-invalid';
  if (value && q.options && !q.options.includes(value)) return 'checkout.error.choice-invalid';
  if (value) {
    const typed = typedProblemOf(q, value);
    if (typed) return typed;
  }
  // a confirmation left empty while its field is filled does not match either
  if (q.sameAs && value !== matched) return mustMatchKey(q.sameAs);
  return null;
}

/**
 * The one rule for checkout answers, client and server: required, length, e-mail format,
 * choice, same-as. Each issue's message is a text-string catalogue key (the storefront's
 * `checkout.error.*`, or '{field}MustMatch'); its path is the question's name. An answer to a
 * question not asked is refused. Parsed answers are trimmed and empty ones left out.
 */
export function checkoutAnswersSchema(questions: readonly CheckoutQuestion[]) {
  const asked = new Map(questions.map((q) => [q.name, q]));
  return checkoutAnswersWireSchema
    .superRefine((answers, ctx) => {
      const issue = (name: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [name], message });
      const answer = (name: string) => (answers[name] ?? '').trim();
      for (const name of Object.keys(answers)) {
        if (!asked.has(name)) issue(name, 'checkout.error.not-asked');
      }
      for (const q of questions) {
        const problem = problemOf(q, answer(q.name), q.sameAs ? answer(q.sameAs) : '');
        if (problem) issue(q.name, problem);
      }
    })
    .transform((answers) => {
      const kept: CheckoutAnswers = {};
      for (const q of questions) {
        const value = (answers[q.name] ?? '').trim();
        if (value) kept[q.name] = value;
      }
      return kept;
    });
}
