import { useState } from 'react';
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
import { ReasonForm } from '@/features/office/actions/reason-form';

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
  const submit = (form: FormData) => {
    setError(null);
    mutation.mutate(String(form.get('reason') ?? '').trim());
  };
  return (
    <Modal
      title={props.title}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      closeLabel={t('office.orders.close')}
    >
      <ReasonForm
        error={error}
        isPending={mutation.isPending}
        reasonLabel={props.isNote ? t('office.orders.note') : t('office.orders.reason')}
        confirmLabel={t('office.orders.confirm')}
        minLength={3}
        onSubmit={submit}
      >
        <p>{props.consequence}</p>
      </ReasonForm>
    </Modal>
  );
}
