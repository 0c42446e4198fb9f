import { formatCalendarDate } from '../session-time';
import { checkoutQuestionsOf, type CheckoutQuestion } from './checkout-questions';

/** One answered checkout question as a page or an e-mail shows it. */
export interface AnswerLine {
  name: string;
  title: string;
  text: string;
}

type QuestionSource = Parameters<typeof checkoutQuestionsOf>[0];

/** An answer as read: a ticked box is `yes`, a date in the cart's date pattern, else as given. */
function answerText(q: CheckoutQuestion, value: string, yes: string, locale?: string): string {
  if (q.type === 'boolean') return value === 'true' ? yes : value;
  if (q.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatCalendarDate(value, locale);
  }
  return value;
}

/**
 * The order's answers to its checkout questions (decision 0064), each under the question's
 * title in the order asked, unanswered ones left out: the one reading of the order page, the
 * completed page and the confirmation e-mail (decision 0077). `yes` is the caller's word for a
 * ticked box (the storefront's catalogue, the mail's English).
 */
export function answerLinesOf(
  source: QuestionSource,
  info: Record<string, unknown> | null | undefined,
  options: { yes: string; locale?: string },
): AnswerLine[] {
  const answers = info ?? {};
  return checkoutQuestionsOf(source).flatMap((q) => {
    const value = answers[q.name];
    if (typeof value !== 'string' || value === '') return [];
    return [
      { name: q.name, title: q.title, text: answerText(q, value, options.yes, options.locale) },
    ];
  });
}
