import { useQueryClient } from '@tanstack/react-query';
import { useStrings } from '@/ui/text/use-strings';
import {
  officeOrderQuery,
  runOrderAction,
  type OrderAction,
} from '@/features/office/orders/api/office-orders';
import { OFFICE_ORDERS_STRINGS } from '@/features/office/orders/strings';
import { ReasonDialog } from '@/features/office/shell/reason-dialog';
import { useOfficeAction } from '@/features/office/shell/use-office-action';

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
  const { error, isPending, run } = useOfficeAction(
    (reason: string) => runOrderAction(props.orderId, props.action(reason)),
    (answer) => {
      queryClient.setQueryData(officeOrderQuery(props.orderId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['office', 'ticket_order', 'search'] });
      props.onOpenChange(false);
    },
  );
  return (
    <ReasonDialog
      title={props.title}
      consequence={props.consequence}
      reasonLabel={props.isNote ? t('office.orders.note') : t('office.orders.reason')}
      confirmLabel={t('office.orders.confirm')}
      closeLabel={t('office.orders.close')}
      minLength={3}
      error={error}
      isPending={isPending}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      onConfirm={run}
    />
  );
}
