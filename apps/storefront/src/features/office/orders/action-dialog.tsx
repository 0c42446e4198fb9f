import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Label, TextArea, TextField } from 'react-aria-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import {
  officeOrderQuery,
  runOrderAction,
  type OrderAction,
} from '@/features/office/orders/api/office-orders';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';

export interface ActionDialogProps {
  orderId: string;
  title: string;
  /** what the action will do, said before it is done */
  consequence: string;
  /** the action once the reason is typed (a note's text is its reason) */
  action: (reason: string) => OrderAction;
  isNote?: boolean;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Every office action on an order is confirmed here with a reason (required, kept in the audit
 * log); the API's refusal is shown in the dialog, success closes it and shows the order anew.
 */
export function ActionDialog(props: ActionDialogProps) {
  const t = useStrings(OFFICE_ORDERS_STRINGS);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (reason: string) => runOrderAction(props.orderId, props.action(reason)),
    onSuccess: (answer) => {
      queryClient.setQueryData(officeOrderQuery(props.orderId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['office', 'ticket_order', 'search'] });
      props.onOpenChange(false);
    },
    onError: (caught) => setError(caught instanceof ApiError ? caught.description : String(caught)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    mutation.mutate(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  };
  return (
    <Modal
      title={props.title}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      closeLabel={t('office.orders.close')}
    >
      <Form className={formStyles.form} onSubmit={submit}>
        <p>{props.consequence}</p>
        {error && (
          <div className={formStyles.alert} role="alert">
            <p>{error}</p>
          </div>
        )}
        <TextField name="reason" isRequired minLength={3} className={formStyles.field} autoFocus>
          <Label>{props.isNote ? t('office.orders.note') : t('office.orders.reason')}</Label>
          <TextArea rows={3} />
        </TextField>
        <Button
          type="submit"
          isDisabled={mutation.isPending}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          {t('office.orders.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}
