import { useQueryClient } from '@tanstack/react-query';
import type { StaffUser } from '@admit/contracts/office';
import { useStrings } from '@/ui/text/use-strings';
import { ReasonDialog } from '@/features/office/shell/reason-dialog';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { changeStaffUser, staffUsersQuery } from './staff-api';
import { OFFICE_STAFF_STRINGS } from './strings';

/**
 * Disabling or enabling a member of staff, confirmed first (a reason is optional; the audit log
 * keeps one given). The API's refusal — never the last owner — stays in the dialog; success
 * reads the list anew and closes it.
 */
export function StaffStateDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const queryClient = useQueryClient();
  const disable = !user.disabled;
  const action = useOfficeAction(
    (reason: string) =>
      changeStaffUser(user.id, { disabled: disable, ...(reason ? { reason } : {}) }),
    () => {
      void queryClient.invalidateQueries({ queryKey: staffUsersQuery().queryKey });
      onClose();
    },
  );
  const kind = disable ? 'disable' : 'enable';
  return (
    <ReasonDialog
      title={t(`office.staff.${kind}-title`, { email: user.email })}
      consequence={t(`office.staff.${kind}-consequence`, { email: user.email })}
      reasonLabel={t('office.staff.reason')}
      confirmLabel={t(`office.staff.${kind}`)}
      closeLabel={t('office.staff.close')}
      isReasonOptional
      error={action.error}
      isPending={action.isPending}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={action.run}
    />
  );
}
