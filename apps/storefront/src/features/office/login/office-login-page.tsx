import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { officeErrorText } from '@/features/office/shell/office-error-text';
import { useStrings } from '@/ui/text/use-strings';
import { loginToOffice, officeStaffQuery } from '@/features/office/api/office-session';
import { officePath } from '@/features/office/shell/office-routes';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { useStaff } from '@/features/office/shell/use-staff';
import formStyles from '@/ui/form.module.css';
import buttonStyles from '@/ui/button.module.css';
import styles from '@/features/office/shell/office-layout.module.css';

/** The API asks for the second factor: `otp_incorrect` with `totp_required` (decision 0083). */
const asksForTotp = (error: unknown) =>
  error instanceof ApiError && error.extra?.totp_required === true;

/**
 * The office login (decision 0087): e-mail and password, then the six-digit code when the API
 * asks for it. The API's refusal is shown as it words it (wrong password, too many attempts, a
 * wrong code on the code's field); once signed in, back to the page that sent here.
 */
export function OfficeLoginPage() {
  const t = useStrings(OFFICE_STRINGS);
  const queryClient = useQueryClient();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const { staff } = useStaff();
  const [needsTotp, setNeedsTotp] = useState(false);
  const [error, setError] = useState<{ message: string; field: 'totp' | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const totpRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (needsTotp) totpRef.current?.focus();
  }, [needsTotp]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setBusy(true);
    setError(null);
    try {
      const totp = text('totp');
      const staff = await loginToOffice({
        email: text('email').trim(),
        password: text('password'),
        ...(needsTotp && totp ? { totp } : {}),
      });
      // signed in: this page gives way to the page that sent here (below)
      queryClient.setQueryData(officeStaffQuery().queryKey, staff);
    } catch (caught) {
      const totpField = asksForTotp(caught);
      if (totpField) setNeedsTotp(true);
      const message = officeErrorText(caught, t('office.error'));
      // the first ask for the code is no error: the code field appears, focused, with its label
      const firstAsk = totpField && !needsTotp;
      setError(firstAsk ? null : { message, field: totpField ? 'totp' : null });
    } finally {
      setBusy(false);
    }
  };

  // `from` is this router's own path of the office page that sent here
  if (staff) return <Navigate to={from ?? officePath()} replace />;
  return (
    <section className={styles.centered}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('office.login.title')}
      </h1>
      <Form className={formStyles.form} onSubmit={(event) => void submit(event)}>
        {error && (
          <div id="office-login-error" className={formStyles.alert} role="alert">
            <p>{error.message}</p>
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
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          isRequired
          className={formStyles.field}
        >
          <Label>{t('office.login.password')}</Label>
          <Input />
          <FieldError className={formStyles.fieldError} />
        </TextField>
        {needsTotp && (
          <TextField
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            isRequired
            pattern="[0-9]{6}"
            className={formStyles.field}
          >
            <Label>{t('office.login.totp')}</Label>
            <Input
              ref={totpRef}
              maxLength={6}
              aria-describedby={error?.field === 'totp' ? 'office-login-error' : undefined}
            />
            <FieldError className={formStyles.fieldError} />
          </TextField>
        )}
        <Button
          type="submit"
          isDisabled={busy}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          {busy ? t('office.login.submitting') : t('office.login.submit')}
        </Button>
      </Form>
      <p>
        <Link to={officePath('forgot-password')}>{t('office.login.forgot')}</Link>
      </p>
    </section>
  );
}
