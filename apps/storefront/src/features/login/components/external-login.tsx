import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { useLoginFlowContext } from '@/features/login/login-flow-context';
import { ssoStartUrl } from '@/features/login/model/external-login';
import styles from '@/features/login/login.module.css';

/** spec: identity §6 — "An external method shows a login link instead of a form." */
export function ExternalLogin() {
  const t = useStrings(LOGIN_STRINGS);
  const config = useSellerConfig();
  const { redirectPath } = useLoginFlowContext();
  if (!config.external_urls.login) {
    return (
      <p className={styles.alert} role="alert">
        {t('login.auth.login-url-missing')}
      </p>
    );
  }
  const url = ssoStartUrl({ redirectPath, cartId: liveCartId(getCartState()) });
  return (
    <div className={styles.form}>
      <p className={styles.note}>{t('login.external.intro')}</p>
      <p>
        <a href={url}>{t('login.external.link')}</a>
      </p>
    </div>
  );
}
