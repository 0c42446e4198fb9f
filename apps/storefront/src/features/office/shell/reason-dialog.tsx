import { Modal } from '@/ui/modal';
import { ReasonForm } from '@/features/office/actions/reason-form';

export interface ReasonDialogProps {
  title: string;
  /** what the action will do, said before it is done */
  consequence: string;
  reasonLabel: string;
  confirmLabel: string;
  closeLabel: string;
  /** the shortest reason the API takes */
  minLength?: number;
  /** the API takes no reason (staff changes): one given still goes to the audit log */
  isReasonOptional?: boolean;
  /** the API's refusal, shown in the dialog, which stays open */
  error: string | null;
  isPending: boolean;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** called with the typed reason, trimmed; the caller runs the action */
  onConfirm: (reason: string) => void;
}

/**
 * An office action confirmed with nothing but a reason (kept in the audit log): the orders'
 * actions, an API key's revocation, disabling or enabling a member of staff. The form is every confirmed action's
 * (`actions/reason-form.tsx`; a member's extension adds its date to it). Each caller owns its
 * texts and its call.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Modal
      title={props.title}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      closeLabel={props.closeLabel}
    >
      <ReasonForm
        error={props.error}
        isPending={props.isPending}
        reasonLabel={props.reasonLabel}
        confirmLabel={props.confirmLabel}
        minLength={props.minLength}
        isReasonOptional={props.isReasonOptional}
        onSubmit={(form) => props.onConfirm(String(form.get('reason') ?? '').trim())}
      >
        <p>{props.consequence}</p>
      </ReasonForm>
    </Modal>
  );
}
