import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { mustMatchKey, type CheckoutQuestion } from '@admit/contracts/rules/checkout-questions';
import { useSellerConfig } from '@/config/seller-config';
import { formatText } from '@/ui/text/format-text';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

export interface CheckoutQuestionsProps {
  questions: readonly CheckoutQuestion[];
}

/**
 * The order's checkout questions (event and group `identity_form`, group
 * `extra_checkout_fields`; decision 0064): the seller's titles and descriptions, a select for a
 * question with choices. Validated by the form's schema, the rule the checkout call applies.
 */
export function CheckoutQuestions({ questions }: CheckoutQuestionsProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  if (questions.length === 0) return null;
  const titleOf = (name: string) => questions.find((q) => q.name === name)?.title ?? name;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('checkout.questions-section')}</legend>
      {questions.map((q) => (
        <QuestionField key={q.name} question={q} titleOf={titleOf} />
      ))}
    </fieldset>
  );
}

/** An answer's error text: the catalogue's, or for a same-as input the '{field}MustMatch' one. */
function useErrorText() {
  const t = useStrings(CHECKOUT_STRINGS);
  const overrides = useSellerConfig().text_strings;
  return (message: string, question: CheckoutQuestion, titleOf: (name: string) => string) => {
    if (question.sameAs && message === mustMatchKey(question.sameAs)) {
      // spec: identity §5 — the message is keyed '{field}MustMatch'; without the seller's text
      // for that key, the catalogue's generic one names the other question
      const keyed = overrides[message];
      const other = titleOf(question.sameAs);
      return keyed ? formatText(keyed, { other }) : t('checkout.error.must-match', { other });
    }
    return t(message as CheckoutStringKey, { max: question.maxLength });
  };
}

function QuestionField({
  question,
  titleOf,
}: {
  question: CheckoutQuestion;
  titleOf: (name: string) => string;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const errorText = useErrorText();
  const id = useId();
  const { register, formState } = useFormContext<PurchaserValues>();
  const error = formState.errors.additional_info?.[question.name]?.message;
  const describedBy =
    [question.description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    'aria-required': question.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...register(`additional_info.${question.name}`),
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {question.title}
        {question.required && <span aria-hidden="true"> *</span>}
      </label>
      {question.description && (
        <p id={`${id}-hint`} className={styles.note}>
          {question.description}
        </p>
      )}
      {question.options ? (
        <select {...common}>
          <option value="">{t('checkout.question.choose')}</option>
          {question.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={question.format === 'email' ? 'email' : 'text'}
          autoComplete="off"
          maxLength={question.maxLength}
        />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errorText(error, question, titleOf)}
        </p>
      )}
    </div>
  );
}
