import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
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
 * question with choices; a number, a checkbox or a date field for those types (decision 0077). Validated by the form's schema, the rule the checkout call applies.
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
    if (message === 'checkout.error.number-range') {
      // the bounds the seller set, one or both (decision 0077)
      const { minimum: min, maximum: max } = question;
      const key =
        min !== undefined && max !== undefined
          ? 'checkout.error.number-range'
          : min !== undefined
            ? 'checkout.error.number-min'
            : 'checkout.error.number-max';
      return t(key, { min: String(min), max: String(max) });
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
  const { register, formState, control } = useFormContext<PurchaserValues>();
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
  if (question.type === 'boolean') {
    // a ticked box answers 'true', an unticked one nothing (the wire is text)
    return (
      <div className={styles.field}>
        <Controller
          control={control}
          name={`additional_info.${question.name}`}
          render={({ field }) => (
            <label htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                aria-required={common['aria-required']}
                aria-invalid={common['aria-invalid']}
                aria-describedby={describedBy}
                checked={field.value === 'true'}
                onChange={(e) => field.onChange(e.target.checked ? 'true' : '')}
                onBlur={field.onBlur}
                ref={field.ref}
              />{' '}
              {question.title}
              {question.required && <span aria-hidden="true"> *</span>}
            </label>
          )}
        />
        {question.description && (
          <p id={`${id}-hint`} className={styles.note}>
            {question.description}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {errorText(error, question, titleOf)}
          </p>
        )}
      </div>
    );
  }
  const numeric = question.type === 'number' || question.type === 'integer';
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
          type={
            numeric
              ? 'number'
              : question.format === 'date'
                ? 'date'
                : question.format === 'email'
                  ? 'email'
                  : 'text'
          }
          step={question.type === 'number' ? 'any' : undefined}
          min={numeric ? question.minimum : undefined}
          max={numeric ? question.maximum : undefined}
          autoComplete="off"
          maxLength={numeric || question.format === 'date' ? undefined : question.maxLength}
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
