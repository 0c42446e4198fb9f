import { useCallback } from 'react';
import { Button } from '@/ui/button';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_DIALOG_STRINGS } from '@/features/login/dialog-strings';
import { AUTH_MESSAGE_DIALOG } from '@/features/login/modal-names';
import styles from '@/features/login/login.module.css';

/** Shows an external-login problem (identity §8 Auth) on the modal stack. */
export function useShowAuthMessage(): (text: string) => void {
  const { open } = useModalStack();
  const t = useStrings(LOGIN_DIALOG_STRINGS);
  return useCallback(
    (text: string) =>
      open({
        name: AUTH_MESSAGE_DIALOG,
        title: t('login.auth.error-title'),
        closeLabel: t('login.close'),
        content: (close) => (
          <div className={styles.form}>
            <p className={styles.alert} role="alert">
              {text}
            </p>
            <div className={styles.actions}>
              <Button onClick={close}>{t('login.auth.continue')}</Button>
            </div>
          </div>
        ),
      }),
    [open, t],
  );
}
