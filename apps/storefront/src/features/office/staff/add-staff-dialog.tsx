import type { FormEvent } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@admit/contracts/office';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import buttonStyles from '@/ui/button.module.css';
import formStyles from '@/ui/form.module.css';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import { addStaffUser, staffUsersQuery } from './staff-api';
import { StaffPasswordField } from './password-field';
import { OFFICE_STAFF_STRINGS } from './strings';

/**
 * A new member of staff (decision 0093): e-mail, role and an initial password the owner hands
 * over. The API's refusal (the e-mail taken: 409) stays in the dialog; success reads the list
 * anew and closes it.
 */
export function AddStaffDialog(props: { onClose: () => void; onAdded: (user: StaffUser) => void }) {
  const t = useStrings(OFFICE_STAFF_STRINGS);
  const roles = useStrings(OFFICE_STRINGS);
  const queryClient = useQueryClient();
  const action = useOfficeAction(addStaffUser, (user) => {
    void queryClient.invalidateQueries({ queryKey: staffUsersQuery().queryKey });
    props.onAdded(user);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    action.run({
      email: String(form.get('email') ?? '').trim(),
      role: String(form.get('role')) as StaffRole,
      password: String(form.get('password') ?? ''),
    });
  };

  return (
    <Modal
      title={t('office.staff.add')}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      closeLabel={t('office.staff.close')}
    >
      <Form className={formStyles.form} onSubmit={submit}>
        {action.error && (
          <div className={formStyles.alert} role="alert">
            <p>{action.error}</p>
          </div>
        )}
        <TextField
          name="email"
          type="email"
          autoComplete="off"
          isRequired
          maxLength={254}
          className={formStyles.field}
          autoFocus
        >
          <Label>{t('office.staff.email')}</Label>
          <Input />
        </TextField>
        <div className={formStyles.field}>
          <label htmlFor="staff-add-role">{t('office.staff.role')}</label>
          <select id="staff-add-role" name="role" defaultValue="door" required>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {roles(`office.role.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <StaffPasswordField label={t('office.staff.password')} />
        <Button
          type="submit"
          isDisabled={action.isPending}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          {t('office.staff.add-submit')}
        </Button>
      </Form>
    </Modal>
  );
}
