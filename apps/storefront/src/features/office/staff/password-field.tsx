import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { PASSWORD_MAX, PASSWORD_MIN } from '@admit/contracts/constants';
import { isAcceptablePassword } from '@admit/contracts/rules/password-rules';
import { useStrings } from '@/ui/text/use-strings';
import formStyles from '@/ui/form.module.css';
import { OFFICE_STAFF_STRINGS } from './strings';

/**
 * A staff user's password, chosen by the owner, with the rules the API enforces (identity §5,
 * `rules/password-rules.ts`) said as its description and checked before anything is sent.
 */
export function StaffPasswordField({
  label,
  autoFocus,
  onChange,
}: {
  label: string;
  autoFocus?: boolean;
  /** the value as typed (a confirmation field compares against it) */
  onChange?: (value: string) => void;
}) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  return (
    <TextField
      name="password"
      type="password"
      autoComplete="new-password"
      isRequired
      autoFocus={autoFocus}
      onChange={onChange}
      validate={(value) =>
        value === '' || isAcceptablePassword(value) ? null : t('office.staff.password-invalid')
      }
      className={formStyles.field}
    >
      <Label>{label}</Label>
      <Input />
      <Text slot="description">
        {t('office.staff.password-rules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      </Text>
      <FieldError className={formStyles.fieldError} />
    </TextField>
  );
}
