import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { FlowLink } from '@/features/login/components/flow-link';
import styles from '@/features/login/login.module.css';

/** A failed login, announced at once; `incorrect_password` adds the forgot-password link. */
export function FormMessage({ message }: { message: LoginMessage | null }) {
  const t = useStrings(LOGIN_STRINGS);
  if (!message) return null;
  return (
    <div className={styles.alert} role="alert">
      <p>{message.serverText ?? t(message.key, message.vars)}</p>
      {message.forgotPassword && (
        <p>
          <FlowLink to="/user/forgot-password">{t('login.error.forgot-password')}</FlowLink>
        </p>
      )}
    </div>
  );
}
