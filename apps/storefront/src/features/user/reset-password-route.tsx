import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { useResetTokenValidation } from '@/features/user/api/validate-reset-token';
import { ButtonLink } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { Loader } from '@/ui/loader';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { ResetPasswordForm } from '@/features/user/components/reset-password-form';
import { AlertMessage, SuccessMessage, UserPage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';

/** spec: identity §8 "Reset link" — not_found or validate_failed mean the link is not valid. */
function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'not_found' ||
      error.code === 'validate_failed' ||
      error.status === 404 ||
      error.status === 422)
  );
}

function InvalidLink() {
  const t = useStrings(USER_STRINGS);
  return (
    <>
      <AlertMessage>{t('user.reset.invalid-link')}</AlertMessage>
      <Link to="/user/forgot-password">{t('user.reset.request-new')}</Link>
    </>
  );
}

function ResetPasswordPage({ token }: { token: string }) {
  const t = useStrings(USER_STRINGS);
  const loginPath = useSellerConfig().login_path;
  const validation = useResetTokenValidation(token);
  const [outcome, setOutcome] = useState<'form' | 'done' | 'invalid'>('form');

  let content;
  if (outcome === 'done') {
    content = (
      <>
        <SuccessMessage>{t('user.reset.done')}</SuccessMessage>
        <ButtonLink to={loginPath}>{t('user.reset.login')}</ButtonLink>
      </>
    );
  } else if (outcome === 'invalid' || (validation.isError && isInvalidLink(validation.error))) {
    content = <InvalidLink />;
  } else if (validation.isError) {
    content = <AlertMessage>{t('user.error.unexpected')}</AlertMessage>;
  } else if (validation.isPending) {
    content = <Loader label={t('user.loading')} />;
  } else {
    content = (
      <ResetPasswordForm
        token={token}
        onDone={() => setOutcome('done')}
        onInvalidLink={() => setOutcome('invalid')}
      />
    );
  }
  return <UserPage title={t('user.reset.title')}>{content}</UserPage>;
}

/**
 * /user/reset-password?token=… (identity §2): redirects to / when logged in or without a token;
 * the token is validated before the form shows.
 */
export function ResetPasswordRoute() {
  const loggedIn = useIsLoggedIn();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  if (loggedIn || !token) return <Navigate to="/" replace />;
  return <ResetPasswordPage key={token} token={token} />;
}
