import type { FormEvent, ReactNode } from 'react';
import { Button, FieldError, Form, Label, TextArea, TextField } from 'react-aria-components';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { useStrings } from '@/ui/text/use-strings';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';

export interface ReasonFormProps {
  /** what the action will do and any fields of its own, before the reason */
  children: ReactNode;
  /** the API's refusal, shown in the dialog */
  error: string | null;
  isPending: boolean;
  reasonLabel: string;
  confirmLabel: string;
  minLength?: number;
  /** the reason may be left empty (the API takes none, but keeps one given in the audit log) */
  isReasonOptional?: boolean;
  autoFocusReason?: boolean;
  onSubmit: (form: FormData) => void;
}

/**
 * The form of every confirmed office action (orders, members, staff): the action's own fields,
 * the API's refusal, the reason the audit log keeps (required unless the API takes none), and
 * the confirm button.
 */
export function ReasonForm(props: ReasonFormProps) {
  const t = useStrings(OFFICE_STRINGS);
  const min = props.minLength ?? 1;
  // said beside the field and the form not sent; trimmed, as the reason is sent trimmed
  const validate = (value: string) => {
    if (props.isReasonOptional || value.trim().length >= min) return null;
    return min > 1 ? t('office.reason.short', { count: min }) : t('office.reason.missing');
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Form className={formStyles.form} onSubmit={submit}>
      {props.children}
      {props.error && (
        <div className={formStyles.alert} role="alert">
          <p>{props.error}</p>
        </div>
      )}
      <TextField
        name="reason"
        isRequired={!props.isReasonOptional}
        validate={validate}
        maxLength={1000}
        className={formStyles.field}
        autoFocus={props.autoFocusReason ?? true}
      >
        <Label>{props.reasonLabel}</Label>
        <TextArea rows={3} />
        <FieldError className={formStyles.fieldError} />
      </TextField>
      <Button
        type="submit"
        isDisabled={props.isPending}
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
      >
        {props.confirmLabel}
      </Button>
    </Form>
  );
}
