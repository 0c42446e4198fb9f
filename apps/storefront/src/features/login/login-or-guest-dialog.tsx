import { useCallback } from 'react';
import { Button } from '@/ui/button';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { LOGIN_OR_GUEST_DIALOG } from '@/features/login/modal-names';
import { useOpenLoginDialog } from '@/features/login/use-open-login-dialog';
import styles from '@/features/login/login.module.css';

function LoginOrGuest({ onGuest, onLogin }: { onGuest: () => void; onLogin: () => void }) {
  const t = useStrings(LOGIN_STRINGS);
  return (
    <div className={styles.form}>
      <p className={styles.note}>{t('login.or-guest.body')}</p>
      <div className={styles.actions}>
        {/* a choice between two actions: focus starts on the first (issue 13) */}
        <Button autoFocus onClick={onLogin}>
          {t('login.or-guest.login')}
        </Button>
        <Button variant="secondary" onClick={onGuest}>
          {t('login.or-guest.guest')}
        </Button>
      </div>
    </div>
  );
}

/**
 * spec: identity §2 Login — "A login-or-guest dialog offers 'Shop as a Guest' or login." Guest
 * closes it and calls `onGuest`; login replaces it with the login dialog (`onLoggedIn` after).
 */
export function useOpenLoginOrGuestDialog(
  onGuest: () => void,
  options: { onLoggedIn?: () => void } = {},
): () => void {
  const { open, close } = useModalStack();
  const openLogin = useOpenLoginDialog();
  const t = useStrings(LOGIN_STRINGS);
  const { onLoggedIn } = options;
  return useCallback(() => {
    open({
      name: LOGIN_OR_GUEST_DIALOG,
      title: t('login.or-guest.title'),
      closeLabel: t('login.close'),
      content: (done) => (
        <LoginOrGuest
          onGuest={() => {
            done();
            onGuest();
          }}
          onLogin={() => {
            close(LOGIN_OR_GUEST_DIALOG);
            openLogin({ onLoggedIn });
          }}
        />
      ),
    });
  }, [open, close, openLogin, onGuest, onLoggedIn, t]);
}
