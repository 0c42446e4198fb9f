import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './form.module.css';

export interface FormTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** the field's error, already in words; null or absent: valid */
  errorText?: string | null;
  /** ids of more text describing the field (e.g. password rules) */
  describedBy?: string;
}

/**
 * A labelled input bound to react-hook-form. The error sits in an alert so screen readers
 * announce it; react-hook-form focuses the first invalid field on submit.
 */
export function FormTextField({
  id,
  label,
  registration,
  errorText,
  describedBy,
  ...inputProps
}: FormTextFieldProps) {
  const errorId = `${id}-error`;
  const describedIds = [describedBy, errorText ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedIds || undefined}
        {...inputProps}
        {...registration}
      />
      {errorText && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {errorText}
        </p>
      )}
    </div>
  );
}
