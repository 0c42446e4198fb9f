import { useMemo } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import {
  checkoutAnswersSchema,
  checkoutQuestionsOf,
  type CheckoutAnswers,
} from '@admit/contracts/rules/checkout-questions';

/**
 * The order's checkout questions for what is in the cart (decision 0064): the questions, the
 * form's empty answers, and the answers a valid form sends (trimmed, empty ones left out; none
 * at all when nothing is asked).
 */
export function useCheckoutQuestions(bundle: CartBundle) {
  return useMemo(() => {
    const questions = checkoutQuestionsOf(bundle);
    const schema = checkoutAnswersSchema(questions);
    return {
      questions,
      emptyAnswers: Object.fromEntries(questions.map((q) => [q.name, ''])),
      answersToSend: (values: Record<string, string>): CheckoutAnswers | undefined => {
        const parsed = schema.safeParse(values);
        return questions.length > 0 && parsed.success ? parsed.data : undefined;
      },
    };
  }, [bundle]);
}
