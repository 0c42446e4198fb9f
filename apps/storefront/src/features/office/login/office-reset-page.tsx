import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { Loader } from '@/ui/loader';
import { officeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { officeStaffQuery } from '@/features/office/api/office-session';
import {
  resetOfficePassword,
  validateOfficeReset,
} from '@/features/office/login/password-reset-api';
import { officePath } from '@/features/office/shell/office-routes';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { StaffPasswordField } from '@/features/office/staff/password-field';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';
import styles from '@/features/office/shell/office-layout.module.css';

/** 404 (unknown, another seller's) and 422 (used, expired, disabled) mean the link is dead. */
const isDeadLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * The page a staff reset link opens, `office/reset-password?token=…` (decision 0095): the link
 * is checked first, then a new password under the owners' rules (the staff page's field). Once
 * set, every office session of the user has ended, so this browser is signed out too. The
 * password is typed twice (identity §5 "confirmation equal"; decision 0101): a mismatch is the
 * confirmation field's own error and blocks the form, so nothing is sent.
 */
export function OfficeResetPage() {
  const t = useStrings(OFFICE_STRINGS);
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const validation = useQuery({
    queryKey: ['office', 'password-reset', token],
    queryFn: () => validateOfficeReset(token).then(() => true),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [outcome, setOutcome] = useState<'form' | 'done' | 'dead'>('form');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [outcome]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('password') ?? '');
    // the form's validation stops a mismatch first; this keeps "nothing sent" whatever submits
    if (typed !== String(form.get('password_confirm') ?? '')) return;
    setBusy(true);
    setProblem(null);
    try {
      await resetOfficePassword(token, typed);
      queryClient.setQueryData(officeStaffQuery().queryKey, null);
      setOutcome('done');
    } catch (error) {
      if (isDeadLink(error)) setOutcome('dead');
      else setProblem(officeErrorText(error, t('office.error')));
    } finally {
      setBusy(false);
    }
  };

  let content;
  if (outcome === 'done') {
    content = (
      <>
        <p role="status">{t('office.reset.done')}</p>
        <Link to={officePath('login')}>{t('office.reset.sign-in')}</Link>
      </>
    );
  } else if (outcome === 'dead' || !token || (validation.isError && isDeadLink(validation.error))) {
    content = (
      <>
        <p role="alert">{t('office.reset.invalid')}</p>
        <Link to={officePath('forgot-password')}>{t('office.reset.request-new')}</Link>
      </>
    );
  } else if (validation.isError) {
    content = <p role="alert">{t('office.error')}</p>;
  } else if (validation.isPending) {
    content = <Loader label={t('office.reset.checking')} />;
  } else {
    content = (
      <Form className={formStyles.form} onSubmit={(event) => void submit(event)}>
        {problem && (
          <div className={formStyles.alert} role="alert">
            <p>{problem}</p>
          </div>
        )}
        <StaffPasswordField label={t('office.reset.password')} autoFocus onChange={setPassword} />
        <TextField
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          isRequired
          validate={(value) =>
            value === '' || value === password ? null : t('office.reset.mismatch')
          }
          className={formStyles.field}
        >
          <Label>{t('office.reset.confirm')}</Label>
          <Input />
          <FieldError className={formStyles.fieldError} />
        </TextField>
        <Button
          type="submit"
          isDisabled={busy}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          {busy ? t('office.reset.saving') : t('office.reset.submit')}
        </Button>
      </Form>
    );
  }
  return (
    <section className={styles.centered}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('office.reset.title')}
      </h1>
      {content}
    </section>
  );
}
