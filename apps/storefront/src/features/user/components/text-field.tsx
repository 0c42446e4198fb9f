import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useStrings } from '@/ui/text/use-strings';
import { USER_STRINGS } from '@/features/user/strings';
import type { UserStringKey } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** the zod issue message: a key of USER_STRINGS */
  errorKey?: string;
  /** ids of more text describing the field (e.g. the password rules) */
  describedBy?: string;
  vars?: Record<string, string | number>;
}

function isStringKey(key: string): key is UserStringKey {
  return key in USER_STRINGS;
}

/**
 * A labelled input bound to react-hook-form. The error sits in an alert so screen readers
 * announce it; react-hook-form focuses the first invalid field on submit.
 */
export function TextField({
  id,
  label,
  registration,
  errorKey,
  describedBy,
  vars,
  ...inputProps
}: TextFieldProps) {
  const t = useStrings(USER_STRINGS);
  const errorId = `${id}-error`;
  const describedIds = [describedBy, errorKey ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={describedIds || undefined}
        {...inputProps}
        {...registration}
      />
      {errorKey && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {isStringKey(errorKey) ? t(errorKey, vars) : t('user.error.unexpected')}
        </p>
      )}
    </div>
  );
}
