import { useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { needsEmail } from '@admit/contracts/rules/no-email';
import type { User } from '@admit/contracts/identity';
import { useMyUser } from '@/api/user/get-my-user';
import { Loader } from '@/ui/loader';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { safeNextPath } from '@/features/user/model/safe-next';
import { SetEmailForm } from '@/features/user/components/set-email-form';
import { AlertMessage, UserPage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

/** spec: identity §6 — a user whose e-mail is missing or the no-email marker's, except test accounts. */
export function lacksValidEmail(user: User): boolean {
  return user.needs_email || needsEmail(user.email);
}

/**
 * /user/set-email-address (identity §2): only for a logged-in user lacking a valid e-mail;
 * after saving it returns to the previous route (`?next=`, else one step back, else /).
 */
export function SetEmailRoute() {
  const t = useStrings(USER_STRINGS);
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const user = useMyUser({ enabled: loggedIn });
  // once the form showed, the saved e-mail (refetched user) must not redirect: saving returns
  const formShown = useRef(false);
  if (user.data && lacksValidEmail(user.data)) formShown.current = true;

  if (!loggedIn) return <Navigate to="/" replace />;
  const hasValidEmail = user.data === null || (user.data && !lacksValidEmail(user.data));
  if (hasValidEmail && !formShown.current) {
    return <Navigate to={next ?? '/'} replace />;
  }

  const returnToPrevious = () => {
    if (next) void navigate(next, { replace: true });
    // the first entry of the visit has key "default": there is nothing to go back to
    else if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };

  let content;
  if (user.isError) content = <AlertMessage>{t('user.error.unexpected')}</AlertMessage>;
  else if (user.isPending) content = <Loader label={t('user.loading')} />;
  else {
    content = (
      <>
        <p className={styles.intro}>{t('user.set-email.intro')}</p>
        <SetEmailForm onSaved={returnToPrevious} />
      </>
    );
  }
  return <UserPage title={t('user.set-email.title')}>{content}</UserPage>;
}
