import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Loader } from '@/ui/loader';
import { useModalStack } from '@/ui/modal-stack';
import { useSellerConfig } from '@/config/seller-config';
import { storefrontPath } from '@/config/router-base';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_DIALOG_STRINGS } from '@/features/login/dialog-strings';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { LOGIN_DIALOG } from '@/features/login/modal-names';
import { withLoginParam } from '@/features/login/model/external-login';

// the flow, its forms and zod load only when the dialog opens (the first load stays small)
const LoginFlow = lazy(() =>
  import('@/features/login/login-flow').then((m) => ({ default: m.LoginFlow })),
);

export interface OpenLoginDialogOptions {
  /** the six digits of a magic link opened with `login` (identity §2 Login) */
  magicOtp?: string | null;
  /** a failed member-ID attempt from the address (identity §2 rule 5) */
  initialMessage?: LoginMessage | null;
  /** called after a successful login, once the dialog has closed */
  onLoggedIn?: () => void;
  /** the page the dialog is for, when the address is about to change (the rules clean it) */
  page?: string;
}

/**
 * Opens the login flow in a dialog on the modal stack (identity §2 Login, Global dialogs). The
 * dialog renders outside the router, so navigation is captured here, where the router is.
 * Success stays on the current page unless a passcode's stored path names another.
 */
export function useOpenLoginDialog(): (options?: OpenLoginDialogOptions) => void {
  const { open } = useModalStack();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const config = useSellerConfig();
  const t = useStrings(LOGIN_DIALOG_STRINGS);
  return useCallback(
    (options: OpenLoginDialogOptions = {}) => {
      const here = options.page ?? `${pathname}${search}`;
      open({
        name: LOGIN_DIALOG,
        title: t('login.dialog-title'),
        closeLabel: t('login.close'),
        content: (close) => (
          <Suspense fallback={<Loader label={t('login.title')} />}>
            <LoginFlow
              idPrefix="login-dialog"
              go={(to) => {
                close();
                void navigate(to);
              }}
              href={(to) => storefrontPath(config, to)}
              redirectPath={here}
              magicLinkPath={withLoginParam(here)}
              magicOtp={options.magicOtp}
              initialMessage={options.initialMessage}
              onSuccess={(to) => {
                close();
                if (to !== here) void navigate(to);
                options.onLoggedIn?.();
              }}
            />
          </Suspense>
        ),
      });
    },
    [config, open, navigate, pathname, search, t],
  );
}
