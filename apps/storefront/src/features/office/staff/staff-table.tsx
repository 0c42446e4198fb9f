import { Button } from 'react-aria-components';
import type { StaffUser } from '@admit/contracts/office';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { RoleForm } from './role-form';
import { OFFICE_STAFF_STRINGS } from './strings';

/** What a row's buttons open: disable or enable, a new password. */
export type StaffAction = 'state' | 'password';

const COLUMNS = ['email', 'role', 'totp', 'state', 'created', 'actions'] as const;

/** The staff, one row each; the signed-in owner's own row says "(you)". */
export function StaffTable(props: {
  users: StaffUser[];
  selfId: string | undefined;
  onAction: (kind: StaffAction, user: StaffUser) => void;
}) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const when = useVenueTime();
  const button = `${buttonStyles.button} ${buttonStyles.secondary}`;
  return (
    <table>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th scope="col" key={column}>
              {t(`office.staff.col.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.users.map((user) => (
          <tr key={user.id}>
            <th scope="row">
              {user.id === props.selfId ? t('office.staff.you', { email: user.email }) : user.email}
            </th>
            <td>
              <RoleForm user={user} />
            </td>
            <td>{t(user.totp_enrolled ? 'office.staff.yes' : 'office.staff.no')}</td>
            <td>{t(user.disabled ? 'office.staff.disabled' : 'office.staff.active')}</td>
            <td>{when(user.created_at)}</td>
            <td>
              <div role="group" aria-label={t('office.staff.actions-for', { email: user.email })}>
                <Button
                  className={button}
                  aria-label={t(
                    user.disabled ? 'office.staff.enable-title' : 'office.staff.disable-title',
                    { email: user.email },
                  )}
                  onPress={() => props.onAction('state', user)}
                >
                  {t(user.disabled ? 'office.staff.enable' : 'office.staff.disable')}
                </Button>
                <Button
                  className={button}
                  aria-label={t('office.staff.password-reset-title', { email: user.email })}
                  onPress={() => props.onAction('password', user)}
                >
                  {t('office.staff.password-reset')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
