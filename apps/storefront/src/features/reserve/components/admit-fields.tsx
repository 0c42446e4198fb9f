import type { TicketType } from '@admit/contracts/resources';
import { useStrings } from '@/ui/text/use-strings';
import type {
  AdmitInput,
  AdmitInputs,
  AdmitRules,
} from '@/features/reserve/model/admit-validation';
import { admitFieldId } from '@/features/reserve/model/admit-validation';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import type { Quantities } from '@/features/reserve/model/stepper-rules';
import { FieldError, invalidProps } from '@/features/reserve/components/field-error';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import styles from '@/features/reserve/components/reserve.module.css';

export interface AdmitFieldsProps {
  ticketTypes: readonly TicketType[];
  quantities: Quantities;
  rulesOf: (typeId: string) => AdmitRules;
  inputs: AdmitInputs;
  onChange: (inputs: AdmitInputs) => void;
  issues: IssueMap;
}

const EMPTY: AdmitInput = { first: '', last: '', email: '' };

export interface TextFieldProps {
  id: string;
  label: string;
  optional: boolean;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  issues: IssueMap;
}

export function TextField({
  id,
  label,
  optional,
  type = 'text',
  autoComplete,
  value,
  onChange,
  issues,
}: TextFieldProps) {
  const t = useStrings(RESERVE_STRINGS);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {optional && ` ${t('reserve.optional')}`}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        required={!optional}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(id, issues)}
      />
      <FieldError fieldId={id} issues={issues} />
    </div>
  );
}

/**
 * Admit name and e-mail per ticket (spec: shopping §5): shown when the group's admit_names /
 * admit_emails setting is optional or required, hidden when disabled.
 */
export function AdmitFields({
  ticketTypes,
  quantities,
  rulesOf,
  inputs,
  onChange,
  issues,
}: AdmitFieldsProps) {
  const t = useStrings(RESERVE_STRINGS);
  const asked = ticketTypes.filter((type) => {
    const rules = rulesOf(type.id);
    return (
      (quantities[type.id] ?? 0) > 0 && (rules.names !== 'disabled' || rules.emails !== 'disabled')
    );
  });
  if (asked.length === 0) return null;

  const update = (typeId: string, index: number, part: keyof AdmitInput, value: string) => {
    const list = [...(inputs[typeId] ?? [])];
    while (list.length <= index) list.push(EMPTY);
    list[index] = { ...list[index]!, [part]: value };
    onChange({ ...inputs, [typeId]: list });
  };

  return (
    <>
      {asked.flatMap((type) => {
        const rules = rulesOf(type.id);
        return Array.from({ length: quantities[type.id] ?? 0 }, (_, index) => {
          const input = inputs[type.id]?.[index] ?? EMPTY;
          const field = (part: keyof AdmitInput) => ({
            id: admitFieldId(type.id, index, part),
            value: input[part],
            onChange: (value: string) => update(type.id, index, part, value),
            issues,
          });
          return (
            <fieldset key={`${type.id}-${index}`} className={styles.section}>
              <legend className={styles.sectionHeading}>
                {t('reserve.admit_heading', { type: type.name, number: index + 1 })}
              </legend>
              {rules.names !== 'disabled' && (
                <div className={styles.fieldRow}>
                  <TextField
                    {...field('first')}
                    label={t('reserve.admit_first_name')}
                    optional={rules.names === 'optional'}
                    autoComplete="given-name"
                  />
                  <TextField
                    {...field('last')}
                    label={t('reserve.admit_last_name')}
                    optional={rules.names === 'optional'}
                    autoComplete="family-name"
                  />
                </div>
              )}
              {rules.emails !== 'disabled' && (
                <TextField
                  {...field('email')}
                  type="email"
                  label={t('reserve.admit_email')}
                  optional={rules.emails === 'optional'}
                  autoComplete="email"
                />
              )}
            </fieldset>
          );
        });
      })}
    </>
  );
}
