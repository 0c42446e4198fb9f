import { useQueryClient } from '@tanstack/react-query';
import type { StaffUser } from '@admit/contracts/office';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { ReasonForm } from '@/features/office/actions/reason-form';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { resetStaffPassword, staffUsersQuery } from './staff-api';
import { StaffPasswordField } from './password-field';
import { OFFICE_STAFF_STRINGS } from './strings';

/**
 * A new password for a member of staff (a forgotten one, a lost phone), said first to end their
 * sessions and clear their two-factor enrolment. The API's refusal stays in the dialog;
 * success reads the list anew (two-factor now "no") and closes it.
 */
export function PasswordResetDialog(props: {
  user: StaffUser;
  onClose: () => void;
  onDone: (user: StaffUser) => void;
}) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const queryClient = useQueryClient();
  const action = useOfficeAction(
    (body: { password: string; reason?: string }) => resetStaffPassword(props.user.id, body),
    (user: StaffUser) => {
      void queryClient.invalidateQueries({ queryKey: staffUsersQuery().queryKey });
      props.onDone(user);
    },
  );
  const submit = (form: FormData) => {
    const reason = String(form.get('reason') ?? '').trim();
    action.run({ password: String(form.get('password') ?? ''), ...(reason ? { reason } : {}) });
  };
  return (
    <Modal
      title={t('office.staff.password-reset-title', { email: props.user.email })}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      closeLabel={t('office.staff.close')}
    >
      <ReasonForm
        error={action.error}
        isPending={action.isPending}
        reasonLabel={t('office.staff.reason')}
        confirmLabel={t('office.staff.password-reset-submit')}
        isReasonOptional
        autoFocusReason={false}
        onSubmit={submit}
      >
        <p>{t('office.staff.password-reset-consequence')}</p>
        <StaffPasswordField label={t('office.staff.new-password')} autoFocus />
      </ReasonForm>
    </Modal>
  );
}
