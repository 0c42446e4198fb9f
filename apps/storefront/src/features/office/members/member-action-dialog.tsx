import { Input, Label, TextField } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import type { OfficeMember, OfficeMemberTerm } from '@admit/contracts/office-members';
import { useSellerConfig } from '@/config/seller-config';
import { Modal } from '@/ui/modal';
import { useStrings } from '@/ui/text/use-strings';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { laterEnd, venueDateOf } from './extend-date';
import { runMemberAction, showMembersAnew, type MemberAction } from './members-api';
import { OFFICE_MEMBERS_STRINGS } from './strings';
import { ReasonForm } from '@/features/office/actions/reason-form';
import { useOfficeAction } from '@/features/office/shell/use-office-action';
import formStyles from '@/ui/form.module.css';

export type MemberActionKind = MemberAction['kind'];

export interface MemberActionDialogProps {
  kind: MemberActionKind;
  term: OfficeMemberTerm;
  onClose: () => void;
  /** the member as the API answered, after the write */
  onDone: (member: OfficeMember | undefined) => void;
}

/**
 * Every write on a term is confirmed here with a reason (the API requires one for the audit
 * log); an extension also asks for the new end date. The API's refusal stays in the dialog;
 * success puts the API's answer into the search's rows and closes it.
 */
export function MemberActionDialog({ kind, term, onClose, onDone }: MemberActionDialogProps) {
  const t = useStrings(OFFICE_MEMBERS_STRINGS);
  const when = useVenueTime();
  const { timezone } = useSellerConfig();
  const queryClient = useQueryClient();
  const { error, isPending, run } = useOfficeAction(
    (action: MemberAction) => runMemberAction(term.id, action),
    (members) => {
      showMembersAnew(queryClient, members);
      onDone(members.find((m) => m.terms.some((x) => x.id === term.id)));
    },
  );
  const submit = (form: FormData) => {
    const reason = String(form.get('reason') ?? '').trim();
    if (kind !== 'extend') return run({ kind, reason });
    const date = String(form.get('valid_to') ?? '');
    run({ kind, reason, valid_to: laterEnd(term.valid_to, date, timezone) });
  };
  const title = t(`office.members.action.${kind}`);
  return (
    <Modal
      title={`${title}: ${term.member_code}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('office.members.close')}
    >
      <ReasonForm
        error={error}
        isPending={isPending}
        reasonLabel={t('office.members.reason')}
        confirmLabel={t('office.members.confirm')}
        autoFocusReason={kind !== 'extend'}
        onSubmit={submit}
      >
        <p>
          {t(`office.members.confirm.${kind}`, {
            code: term.member_code,
            end: when(term.valid_to),
          })}
        </p>
        {kind === 'extend' && (
          <TextField
            name="valid_to"
            type="date"
            isRequired
            autoFocus
            defaultValue={venueDateOf(term.valid_to, timezone)}
            className={formStyles.field}
          >
            <Label>{t('office.members.new-end')}</Label>
            <Input />
          </TextField>
        )}
      </ReasonForm>
    </Modal>
  );
}
