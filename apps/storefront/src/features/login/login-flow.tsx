import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSellerConfig } from '@/config/seller-config';
import { isExternalMethod } from '@admit/contracts/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { getCartState, liveCartId } from '@/stores/cart-store';
import { cookiesEnabled } from '@/stores/auth-cookie';
import { completeLogin } from '@/features/login/api/complete-login';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { LoginFlowContext } from '@/features/login/login-flow-context';
import type { LoginFlowContextValue } from '@/features/login/login-flow-context';
import { isMemberIdMethod } from '@/features/login/model/login-fields';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { PasswordLoginForm } from '@/features/login/components/password-login-form';
import { MemberIdForm } from '@/features/login/components/member-id-form';
import { PasscodeFlow } from '@/features/login/components/passcode-flow';
import { ExternalLogin } from '@/features/login/components/external-login';
import styles from '@/features/login/login.module.css';

export interface LoginFlowProps {
  /** keeps input ids unique when the page and the dialog are both mounted */
  idPrefix: string;
  go: (to: string) => void;
  href: (to: string) => string;
  /** where to go after success unless a passcode's stored path says otherwise */
  redirectPath: string;
  /** the router path a passcode's magic link opens (see LoginFlowContextValue) */
  magicLinkPath: string;
  onSuccess: (redirectPath: string) => void;
  /** the six digits of a magic link (query `otp`) */
  magicOtp?: string | null;
  /** a member-ID attempt from the address failed (identity §2 rule 5) */
  initialMessage?: LoginMessage | null;
}

/** The fields of the seller's login method (identity §2 Login, §6 "Authentication methods"). */
function MethodForm({ idPrefix, magicOtp, initialMessage }: LoginFlowProps) {
  const t = useStrings(LOGIN_STRINGS);
  const method = useSellerConfig().authentication_method;
  if (method === 'none') return <p className={styles.note}>{t('login.disabled')}</p>;
  if (!cookiesEnabled()) {
    return (
      <p className={styles.alert} role="alert">
        {t('login.cookies-disabled')}
      </p>
    );
  }
  if (isExternalMethod(method)) return <ExternalLogin />;
  if (method === 'password') return <PasswordLoginForm idPrefix={idPrefix} />;
  if (isMemberIdMethod(method)) {
    return <MemberIdForm method={method} idPrefix={idPrefix} initialMessage={initialMessage} />;
  }
  if (method === 'otp' || method === 'otp_or_password') {
    return (
      <PasscodeFlow
        idPrefix={idPrefix}
        withPassword={method === 'otp_or_password'}
        magicOtp={magicOtp}
      />
    );
  }
  return (
    <p className={styles.alert} role="alert">
      {t('login.auth.unknown-method')}
    </p>
  );
}

/** The login flow, the same on the login route, in the account area and in the login dialog. */
export function LoginFlow(props: LoginFlowProps) {
  const { go, href, redirectPath, magicLinkPath, onSuccess } = props;
  const queryClient = useQueryClient();
  const finish = useCallback<LoginFlowContextValue['finish']>(
    async (call, path) => {
      const cartId = liveCartId(getCartState());
      const response = await call(cartId ?? undefined);
      await completeLogin(response, queryClient, cartId);
      onSuccess(path ?? redirectPath);
    },
    [queryClient, onSuccess, redirectPath],
  );
  const value = useMemo(
    () => ({ go, href, redirectPath, magicLinkPath, finish }),
    [go, href, redirectPath, magicLinkPath, finish],
  );
  return (
    <LoginFlowContext.Provider value={value}>
      <div className={styles.flow}>
        <MethodForm {...props} />
      </div>
    </LoginFlowContext.Provider>
  );
}
