import { Fragment, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import type { OfficeMember, OfficeMemberTerm } from '@admit/contracts/office-members';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { Loader } from '@/ui/loader';
import { useVenueTime } from '@/features/office/shell/use-venue-time';
import { MemberActionDialog, type MemberActionKind } from './member-action-dialog';
import { MemberBenefits } from './member-benefits';
import { memberSearchQuery } from './members-api';
import { OFFICE_MEMBERS_STRINGS } from './strings';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';

type Open = { kind: MemberActionKind; term: OfficeMemberTerm };

/**
 * The members page (issue #27 "Members", decision 0089): find a member by name, e-mail or member
 * ID; one row per membership term, dates in the venue's zone, with a row beneath for its benefits
 * and those used; cancel its auto-renew, resend the card, extend it. A write's answer replaces the
 * member's rows.
 */
export function MembersPage() {
  const t = useStrings(OFFICE_MEMBERS_STRINGS);
  const errorText = useOfficeErrorText();
  const when = useVenueTime();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { data, isFetching, error } = useQuery(memberSearchQuery(query));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <section>
      <h1>{t('office.members.title')}</h1>
      <Form className={formStyles.form} onSubmit={submit} role="search">
        <TextField name="q" isRequired minLength={2} className={formStyles.field}>
          <Label>{t('office.members.query')}</Label>
          <Input />
        </TextField>
        <Button type="submit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('office.members.search')}
        </Button>
      </Form>
      {isFetching && <Loader label={t('office.members.search')} />}
      {error && <p role="alert">{errorText(error)}</p>}
      <p role="status">
        {done ??
          (data &&
            (data.length === 0
              ? t('office.members.none', { query })
              : t('office.members.results', { count: data.length, query })))}
      </p>
      {data && data.length > 0 && (
        <MembersTable members={data} onAction={(kind, term) => setOpen({ kind, term })} />
      )}
      {open && (
        <MemberActionDialog
          {...open}
          onClose={() => setOpen(null)}
          onDone={(member) => {
            const term = member?.terms.find((x) => x.id === open.term.id) ?? open.term;
            setDone(
              t(`office.members.done.${open.kind}`, {
                code: term.member_code,
                end: when(term.valid_to),
              }),
            );
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}

function MembersTable(props: {
  members: OfficeMember[];
  onAction: (kind: MemberActionKind, term: OfficeMemberTerm) => void;
}) {
  const t = useStrings(OFFICE_MEMBERS_STRINGS);
  const when = useVenueTime();
  const button = `${buttonStyles.button} ${buttonStyles.secondary}`;
  const statusOf = (term: OfficeMemberTerm) => {
    const state = term.current ? 'current' : term.upcoming ? 'upcoming' : 'ended';
    const status = t(`office.members.status.${state}`);
    return term.renewed ? `${status}, ${t('office.members.status.renewed')}` : status;
  };
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('office.members.col.name')}</th>
          <th scope="col">{t('office.members.col.email')}</th>
          <th scope="col">{t('office.members.col.level')}</th>
          <th scope="col">{t('office.members.col.code')}</th>
          <th scope="col">{t('office.members.col.from')}</th>
          <th scope="col">{t('office.members.col.to')}</th>
          <th scope="col">{t('office.members.col.auto-renew')}</th>
          <th scope="col">{t('office.members.col.status')}</th>
          <th scope="col">{t('office.members.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {props.members.flatMap((member) => {
          const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || '—';
          if (member.terms.length === 0) {
            return [
              <tr key={member.identity_id}>
                <th scope="row">{name}</th>
                <td>{member.email ?? '—'}</td>
                <td colSpan={7}>{t('office.members.no-terms')}</td>
              </tr>,
            ];
          }
          return member.terms.map((term) => (
            <Fragment key={term.id}>
              <tr>
                <th scope="row">{name}</th>
                <td>{member.email ?? '—'}</td>
                <td>{term.level}</td>
                <td>{term.member_code}</td>
                <td>{when(term.valid_from)}</td>
                <td>{when(term.valid_to)}</td>
                <td>
                  {term.auto_renew_state === 'scheduled'
                    ? t('office.members.auto-renew.on')
                    : t('office.members.auto-renew.off')}
                </td>
                <td>{statusOf(term)}</td>
                <td>
                  <div
                    role="group"
                    aria-label={t('office.members.actions-for', { code: term.member_code })}
                  >
                    {term.auto_renew_state === 'scheduled' && (
                      <Button
                        className={button}
                        onPress={() => props.onAction('auto_renew_cancel', term)}
                      >
                        {t('office.members.action.auto_renew_cancel')}
                      </Button>
                    )}
                    <Button className={button} onPress={() => props.onAction('card_resend', term)}>
                      {t('office.members.action.card_resend')}
                    </Button>
                    <Button className={button} onPress={() => props.onAction('extend', term)}>
                      {t('office.members.action.extend')}
                    </Button>
                  </div>
                </td>
              </tr>
              {/* a row of its own, the width of the table: no extra columns on a tablet */}
              <tr>
                <td colSpan={9}>
                  <MemberBenefits term={term} />
                </td>
              </tr>
            </Fragment>
          ));
        })}
      </tbody>
    </table>
  );
}
