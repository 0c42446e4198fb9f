import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@admit/contracts/office';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { Loader } from '@/ui/loader';
import buttonStyles from '@/ui/button.module.css';
import { useStaff } from '@/features/office/shell/use-staff';
import { AddStaffDialog } from './add-staff-dialog';
import { PasswordResetDialog } from './password-reset-dialog';
import { staffUsersQuery } from './staff-api';
import { StaffStateDialog } from './staff-state-dialog';
import { StaffTable, type StaffAction } from './staff-table';
import { OFFICE_STAFF_STRINGS } from './strings';

type Open = { kind: StaffAction; user: StaffUser } | { kind: 'add' };

/**
 * The owner's staff page (issue #27, decision 0093): every staff user with role, two-factor,
 * state and creation time in the venue's zone; add one, change a role, disable or enable, set a
 * new password. The API guards the last owner; its refusals are said where they happen.
 */
export function StaffPage() {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const { staff } = useStaff();
  const errorText = useOfficeErrorText();
  const users = useQuery(staffUsersQuery());
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => setOpen(null);

  return (
    <section>
      <h1>{t('office.staff.title')}</h1>
      <p>{t('office.staff.intro')}</p>
      <Button
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        onPress={() => {
          setDone(null);
          setOpen({ kind: 'add' });
        }}
      >
        {t('office.staff.add')}
      </Button>
      <p role="status">{done}</p>
      {users.isLoading && <Loader label={t('office.staff.title')} />}
      {users.error && <p role="alert">{errorText(users.error)}</p>}
      {users.data?.length === 0 && <p>{t('office.staff.none')}</p>}
      {users.data && users.data.length > 0 && (
        <StaffTable
          users={users.data}
          selfId={staff?.id}
          onAction={(kind, user) => {
            setDone(null);
            setOpen({ kind, user });
          }}
        />
      )}
      {open?.kind === 'add' && (
        <AddStaffDialog
          onClose={close}
          onAdded={(user) => {
            setDone(t('office.staff.added', { email: user.email }));
            close();
          }}
        />
      )}
      {open?.kind === 'state' && <StaffStateDialog user={open.user} onClose={close} />}
      {open?.kind === 'password' && (
        <PasswordResetDialog
          user={open.user}
          onClose={close}
          onDone={(user) => {
            setDone(t('office.staff.password-set', { email: user.email }));
            close();
          }}
        />
      )}
    </section>
  );
}
