import type { FormEvent } from 'react';
import { Button, Form, Label, TextArea, TextField } from 'react-aria-components';
import { Modal } from '@/ui/modal';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';

export interface ReasonDialogProps {
  title: string;
  /** what the action will do, said before it is done */
  consequence: string;
  reasonLabel: string;
  confirmLabel: string;
  closeLabel: string;
  /** the shortest reason the API takes */
  minLength?: number;
  /** the API's refusal, shown in the dialog, which stays open */
  error: string | null;
  isPending: boolean;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** called with the typed reason, trimmed; the caller runs the action */
  onConfirm: (reason: string) => void;
}

/**
 * An office action confirmed with a required reason (kept in the audit log): the orders'
 * actions, an API key's revocation. Each caller owns its texts and its call.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onConfirm(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <Modal
      title={props.title}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      closeLabel={props.closeLabel}
    >
      <Form className={formStyles.form} onSubmit={submit}>
        <p>{props.consequence}</p>
        {props.error && (
          <div className={formStyles.alert} role="alert">
            <p>{props.error}</p>
          </div>
        )}
        <TextField
          name="reason"
          isRequired
          minLength={props.minLength}
          maxLength={1000}
          className={formStyles.field}
          autoFocus
        >
          <Label>{props.reasonLabel}</Label>
          <TextArea rows={3} />
        </TextField>
        <Button
          type="submit"
          isDisabled={props.isPending}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          {props.confirmLabel}
        </Button>
      </Form>
    </Modal>
  );
}
