import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import styles from '@/features/login/login.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** the zod issue; its message is a LOGIN_STRINGS key */
  error?: FieldError;
  errorVars?: Record<string, string | number>;
}

/**
 * A labelled input bound to react-hook-form. Its error is an alert so screen readers announce
 * it; react-hook-form focuses the first invalid field on submit.
 */
export function TextField({
  id,
  label,
  registration,
  error,
  errorVars,
  ...inputProps
}: TextFieldProps) {
  const t = useStrings(LOGIN_STRINGS);
  const errorId = `${id}-error`;
  const message = error?.message;
  const text =
    message && message in LOGIN_STRINGS
      ? t(message as keyof typeof LOGIN_STRINGS, { max: inputProps.maxLength ?? '', ...errorVars })
      : message
        ? t('login.error.required')
        : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? errorId : undefined}
        {...inputProps}
        {...registration}
      />
      {text && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {text}
        </p>
      )}
    </div>
  );
}
