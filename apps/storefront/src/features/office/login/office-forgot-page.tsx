import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link } from 'react-router';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';
import { ApiError } from '@/api/client';
import { useStrings } from '@/ui/text/use-strings';
import { requestOfficeReset } from '@/features/office/login/password-reset-api';
import { officePath } from '@/features/office/shell/office-routes';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';
import styles from '@/features/office/shell/office-layout.module.css';

/**
 * "Forgot password?" of the office login (decision 0095): an e-mail, then the same words
 * whether or not it is a staff user's (the API answers alike); only too many requests is told.
 */
export function OfficeForgotPage() {
  const t = useStrings(OFFICE_STRINGS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setProblem(null);
    try {
      await requestOfficeReset(email);
      setSentTo(email);
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      setProblem(t(limited ? 'office.forgot.rate-limited' : 'office.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.centered}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('office.forgot.title')}
      </h1>
      {sentTo ? (
        <p role="status">
          {t('office.forgot.sent', { email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES })}
        </p>
      ) : (
        <Form className={formStyles.form} onSubmit={(event) => void submit(event)}>
          <p>{t('office.forgot.intro')}</p>
          {problem && (
            <div className={formStyles.alert} role="alert">
              <p>{problem}</p>
            </div>
          )}
          <TextField
            name="email"
            type="email"
            autoComplete="username"
            isRequired
            className={formStyles.field}
          >
            <Label>{t('office.login.email')}</Label>
            <Input />
            <FieldError className={formStyles.fieldError} />
          </TextField>
          <Button
            type="submit"
            isDisabled={busy}
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
          >
            {busy ? t('office.forgot.sending') : t('office.forgot.submit')}
          </Button>
        </Form>
      )}
      <p>
        <Link to={officePath('login')}>{t('office.forgot.back')}</Link>
      </p>
    </section>
  );
}
