import { useCallback } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { requestOtp } from '@/features/login/api/request-otp';
import { setLoginFlow } from '@/stores/member-store';
import { useLoginFlowContext } from '@/features/login/login-flow-context';

/**
 * Asks for a passcode (POST login/request_otp with the seller slug as `state`) and remembers the
 * login flow data — e-mail, token, redirect path (identity §3) — so the magic link can finish the
 * login later. Resolves to the token the code is submitted with.
 */
export function useRequestCode(): (email: string) => Promise<string> {
  const { seller } = useSellerConfig();
  const { redirectPath, magicLinkPath, href } = useLoginFlowContext();
  return useCallback(
    async (email: string) => {
      const challenge = await requestOtp({
        email,
        state: seller.slug,
        redirect_path: href(magicLinkPath),
      });
      setLoginFlow({ email, token: challenge.token, redirectPath });
      return challenge.token;
    },
    [seller.slug, redirectPath, magicLinkPath, href],
  );
}
