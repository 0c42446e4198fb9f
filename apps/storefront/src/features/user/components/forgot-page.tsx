import { useState } from 'react';
import { Navigate } from 'react-router';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';
import { ApiError } from '@/api/client';
import { Button } from '@/ui/button';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { EmailForm } from '@/features/user/components/email-form';
import { AlertMessage, SuccessMessage, UserPage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

type Problem = 'user.error.rate-limited' | 'user.error.unexpected';

export interface ForgotPageProps {
  kind: 'forgot-password' | 'forgot-membership';
  send: (email: string) => Promise<unknown>;
}

/**
 * Forgot password and forgot membership (identity §2): an e-mail form, blocked for logged-in
 * users (§6). spec: identity §8 "Resend" — the forgot forms treat 404 as success, so the page
 * never tells whether an account exists: 200 and 404 read the same.
 */
export function ForgotPage({ kind, send }: ForgotPageProps) {
  const t = useStrings(USER_STRINGS);
  const loggedIn = useIsLoggedIn();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  if (loggedIn) return <Navigate to="/" replace />;

  const submit = async (email: string) => {
    setPending(true);
    setProblem(null);
    try {
      await send(email);
      setSentTo(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setSentTo(email);
      else if (error instanceof ApiError && error.status === 429)
        setProblem('user.error.rate-limited');
      else setProblem('user.error.unexpected');
    } finally {
      setPending(false);
    }
  };

  return (
    <UserPage title={t(`user.${kind}.title`)}>
      {sentTo ? (
        <>
          <SuccessMessage>
            {t(`user.${kind}.sent`, { email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES })}
          </SuccessMessage>
          <Button variant="link" onClick={() => setSentTo(null)}>
            {t('user.forgot.again')}
          </Button>
        </>
      ) : (
        <>
          <p className={styles.intro}>{t(`user.${kind}.intro`)}</p>
          {problem && <AlertMessage>{t(problem)}</AlertMessage>}
          <EmailForm
            id={kind}
            submitLabel={t(`user.${kind}.submit`)}
            pending={pending}
            onSubmit={(email) => void submit(email)}
          />
        </>
      )}
    </UserPage>
  );
}
