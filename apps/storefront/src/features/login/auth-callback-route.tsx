import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { refreshMember } from '@/features/login/api/refresh-member';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { safeNextPath } from '@/features/login/model/external-login';
import styles from '@/features/login/login.module.css';

type Outcome = { kind: 'pending' } | { kind: 'error'; text: string };

/**
 * The external provider's callback route (identity §2): the server has finished the login; the
 * storefront asks who is logged in, then goes on to `next`. Shows 'Logging in and redirecting…'
 * or the error (identity §8 Auth): the provider's, 'SFEC Authentication failed' when no member
 * is logged in after all, 'Missing handler arguments' when the server's query is absent.
 */
export function AuthCallbackRoute() {
  const t = useStrings(LOGIN_STRINGS);
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const started = useRef(false);
  usePageTitle(t('login.redirecting'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const authError = params.get('auth_error');
    if (authError) {
      setOutcome({ kind: 'error', text: t('login.auth.sfec-error', { error: authError }) });
      return;
    }
    // the server comes back with auth_callback (or auth_error); without either the route was
    // opened by hand and has nothing to finish (identity §8 Auth, decision 0099)
    if (!params.has('auth_callback')) {
      setOutcome({ kind: 'error', text: t('login.auth.missing-arguments') });
      return;
    }
    const next = safeNextPath(params.get('next')) ?? '/events';
    refreshMember(queryClient).then(
      (loggedIn) => {
        if (loggedIn) void navigate(next, { replace: true });
        else setOutcome({ kind: 'error', text: t('login.auth.failed') });
      },
      () => setOutcome({ kind: 'error', text: t('login.auth.failed') }),
    );
  }, [search, navigate, queryClient, t]);

  return (
    <div className={styles.page}>
      {outcome.kind === 'error' ? (
        <p className={styles.alert} role="alert">
          {outcome.text}
        </p>
      ) : (
        <Loader label={t('login.redirecting')} />
      )}
    </div>
  );
}
