import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@admit/contracts/office';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { changeStaffUser, staffUsersQuery } from './staff-api';
import { OFFICE_STAFF_STRINGS } from './strings';

/**
 * A staff user's role in their row: choose, then save (nothing changes on choosing alone). The
 * API's refusal — never the last owner — is said beside it.
 */
export function RoleForm({ user }: { user: StaffUser }) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const roles = useStrings(OFFICE_STRINGS);
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole>(user.role);
  const [saved, setSaved] = useState(false);
  const action = useOfficeAction(
    (next: StaffRole) => changeStaffUser(user.id, { role: next }),
    () => {
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: staffUsersQuery().queryKey });
    },
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        action.run(role);
      }}
    >
      <select
        aria-label={t('office.staff.role-for', { email: user.email })}
        value={role}
        onChange={(event) => {
          setSaved(false);
          setRole(event.target.value as StaffRole);
        }}
      >
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {roles(`office.role.${value}`)}
          </option>
        ))}
      </select>{' '}
      <Button
        type="submit"
        isDisabled={role === user.role || action.isPending}
        aria-label={t('office.staff.role-save-for', { email: user.email })}
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
      >
        {t('office.staff.role-save')}
      </Button>
      {action.error && (
        <p className={formStyles.fieldError} role="alert">
          {action.error}
        </p>
      )}
      {saved && <p role="status">{t('office.staff.role-saved')}</p>}
    </form>
  );
}
