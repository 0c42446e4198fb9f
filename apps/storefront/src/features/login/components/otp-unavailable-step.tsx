import { useState } from 'react';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import styles from '@/features/login/login.module.css';

/**
 * A magic link opened where the login flow data is not stored (another browser): the passcode
 * is shown with a copy button so it can be typed where it was asked for (identity §2 Login).
 */
export function OtpUnavailableStep({ code, onBack }: { code: string; onBack: () => void }) {
  const t = useStrings(LOGIN_STRINGS);
  const [copied, setCopied] = useState(false);
  // catches its own failure: the click handler drops the promise
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // no clipboard permission: the code stays on screen to type
    }
  };
  return (
    <div className={styles.form}>
      <h2>{t('login.otp.unavailable-title')}</h2>
      <p className={styles.note}>{t('login.otp.unavailable-body')}</p>
      <p className={styles.code}>{code}</p>
      <div className={styles.actions}>
        <Button onClick={() => void copy()}>{t('login.otp.copy')}</Button>
        <Button variant="link" onClick={onBack}>
          {t('login.back')}
        </Button>
      </div>
      <p role="status" className={styles.note}>
        {copied ? t('login.otp.copied') : ''}
      </p>
    </div>
  );
}
