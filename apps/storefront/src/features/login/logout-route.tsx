import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { logout } from '@/features/login/api/logout';
import { clearSessionState } from '@/api/session/clear-session-state';
import { LOGIN_STRINGS } from '@/features/login/strings';
import styles from '@/features/login/login.module.css';

/**
 * /logout[?next=] (identity §2 route table, §4 "Login methods"): POST logout, clear member and
 * cart state, then go to / (or the storefront path `next`, issue #25). The external-URL method goes to the seller's external logout address
 * instead ('External logout URL missing' when there is none).
 */
export function LogoutRoute() {
  const t = useStrings(LOGIN_STRINGS);
  const config = useSellerConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [missingUrl, setMissingUrl] = useState(false);
  // issue #25 "Log out and manage this order": a page of this storefront to land on afterwards
  // (a path of the seller's own, never another site's: `//host` is refused)
  const [params] = useSearchParams();
  const next = params.get('next');
  const landing = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  const started = useRef(false);
  usePageTitle(t('login.logging-out'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // the server session ends whatever the method; a failure must not keep the visitor in
      await logout().catch(() => undefined);
      clearSessionState(queryClient);
      if (config.authentication_method !== 'external') {
        void navigate(landing, { replace: true });
        return;
      }
      const target = config.external_urls.logout;
      if (target) window.location.assign(target);
      else setMissingUrl(true);
    })();
  }, [config, navigate, queryClient, landing]);

  return (
    <div className={styles.page}>
      {missingUrl ? (
        <p className={styles.alert} role="alert">
          {t('login.auth.logout-url-missing')}
        </p>
      ) : (
        <Loader label={t('login.logging-out')} />
      )}
    </div>
  );
}
