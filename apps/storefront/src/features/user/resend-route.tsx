import { useState } from 'react';
import { ApiError } from '@/api/client';
import { resendTicketOrders } from '@/features/user/api/resend-ticket-orders';
import { ButtonLink } from '@/ui/button';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { useStrings } from '@/ui/text/use-strings';
import { EmailForm } from '@/features/user/components/email-form';
import { AlertMessage, SuccessMessage, UserPage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

type Problem = 'user.resend.not-found' | 'user.error.rate-limited' | 'user.error.unexpected';

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError && error.status === 404) return 'user.resend.not-found';
  if (error instanceof ApiError && error.status === 429) return 'user.error.rate-limited';
  return 'user.error.unexpected';
}

/**
 * /resend (identity §2 "Resend order"): POST ticket_order/resend. A logged-in member is told to
 * log out first (identity §8 "Resend when logged in"); 404 names the missing orders (§8).
 */
export function ResendRoute() {
  const t = useStrings(USER_STRINGS);
  const loggedIn = useIsLoggedIn();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (email: string) => {
    setPending(true);
    setProblem(null);
    setSentTo(null);
    try {
      await resendTicketOrders({ email });
      setSentTo(email);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(false);
    }
  };

  if (loggedIn) {
    return (
      <UserPage title={t('user.resend.title')}>
        <p className={styles.intro}>{t('user.resend.logged-in')}</p>
        <ButtonLink to="/logout">{t('user.resend.logout')}</ButtonLink>
      </UserPage>
    );
  }
  return (
    <UserPage title={t('user.resend.title')}>
      <p className={styles.intro}>{t('user.resend.intro')}</p>
      {sentTo && <SuccessMessage>{t('user.resend.sent', { email: sentTo })}</SuccessMessage>}
      {problem && <AlertMessage>{t(problem)}</AlertMessage>}
      <EmailForm
        id="resend"
        submitLabel={t('user.resend.submit')}
        pending={pending}
        onSubmit={(email) => void submit(email)}
      />
    </UserPage>
  );
}
