import { useStrings } from '@/ui/text/use-strings';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import type { SurveyQuestion, SurveyValues } from '@/features/reserve/model/survey-spec';
import { surveyFieldId } from '@/features/reserve/model/survey-validation';
import { FieldError, invalidProps } from '@/features/reserve/components/field-error';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import styles from '@/features/reserve/components/reserve.module.css';

export interface SurveyFieldsProps {
  groupId: string;
  /** heading: the ticket group's name */
  heading: string;
  questions: readonly SurveyQuestion[];
  values: SurveyValues;
  onChange: (values: SurveyValues) => void;
  issues: IssueMap;
}

/**
 * The survey questions of one ticket group (spec: shopping §5 "Survey answers"): number, text,
 * e-mail and date inputs, a select for enums, a checkbox for yes/no questions.
 */
export function SurveyFields({
  groupId,
  heading,
  questions,
  values,
  onChange,
  issues,
}: SurveyFieldsProps) {
  const t = useStrings(RESERVE_STRINGS);
  if (questions.length === 0) return null;
  const set = (key: string, value: string | boolean) => onChange({ ...values, [key]: value });

  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionHeading}>{heading}</legend>
      {questions.map((question) => {
        const id = surveyFieldId(groupId, question.key);
        const label = `${question.title}${question.required ? '' : ` ${t('reserve.optional')}`}`;
        const common = { id, required: question.required, ...invalidProps(id, issues) };
        const value = values[question.key];
        return (
          <div key={question.key} className={styles.field}>
            {question.input === 'checkbox' ? (
              <label htmlFor={id}>
                <input
                  {...common}
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => set(question.key, event.target.checked)}
                />{' '}
                {label}
              </label>
            ) : (
              <label htmlFor={id}>{label}</label>
            )}
            {question.description && <p className={styles.muted}>{question.description}</p>}
            {question.input === 'options' && (
              <select
                {...common}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(question.key, event.target.value)}
              >
                <option value="">{t('reserve.survey_choose')}</option>
                {question.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
            {question.input !== 'options' && question.input !== 'checkbox' && (
              <input
                {...common}
                type={question.input}
                inputMode={
                  question.input === 'number'
                    ? question.integer
                      ? 'numeric'
                      : 'decimal'
                    : undefined
                }
                min={question.minimum ?? undefined}
                max={question.maximum ?? undefined}
                step={question.input === 'number' && !question.integer ? 'any' : undefined}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(question.key, event.target.value)}
              />
            )}
            <FieldError fieldId={id} issues={issues} />
          </div>
        );
      })}
    </fieldset>
  );
}
