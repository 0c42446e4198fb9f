import { Link } from 'react-router';
import { ButtonLink } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import styles from '@/features/event/components/selection-area.module.css';

/**
 * spec: shopping §2 rule 1 — "text from portal text or a default: tickets unavailable"; the
 * portal text is the seller's override of this key.
 */
export function NoTicketGroupsWarning() {
  const t = useStrings(EVENT_STRINGS);
  return (
    <div role="status" className={`${styles.panel} ${styles.warning}`}>
      <p className={styles.notice}>{t('event.tickets_unavailable')}</p>
    </div>
  );
}

/** spec: shopping §2 rule 2 and §6 — anchor events require an admission event in the cart. */
export function AnchorPrompt() {
  const t = useStrings(EVENT_STRINGS);
  return (
    <div className={styles.panel}>
      <p className={styles.notice}>{t('event.anchor_prompt')}</p>
      <ButtonLink to="/">{t('event.anchor_prompt_link')}</ButtonLink>
    </div>
  );
}

/** Where "Log in" goes: an external login page when the seller uses one, else the login route. */
function useLoginTarget(): { href: string; external: boolean } {
  const { external_urls: externalUrls, login_path: loginPath } = useSellerConfig();
  return externalUrls.login
    ? { href: externalUrls.login, external: true }
    : { href: loginPath, external: false };
}

/**
 * spec: shopping §2 rule 5 and §6 — members-only events for visitors who are not members: a
 * login link and a signup call to action, or, for someone who has had memberships before, the
 * expired-membership message with a way to renew.
 */
export function MembersOnlyNotice({ lapsed = false }: { lapsed?: boolean }) {
  const t = useStrings(EVENT_STRINGS);
  const login = useLoginTarget();
  return (
    <section aria-labelledby="members-only-heading" className={styles.panel}>
      <h2 id="members-only-heading" className={styles.heading}>
        {t('event.members_only_heading')}
      </h2>
      {lapsed ? (
        <>
          <p className={styles.notice}>{t('event.members_only_expired')}</p>
          <ButtonLink to="/membership/renew">{t('event.members_only_renew')}</ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.notice}>{t('event.members_only')}</p>
          <div className={styles.actions}>
            {login.external ? (
              <a href={login.href} className={styles.textLink}>
                {t('event.members_only_login')}
              </a>
            ) : (
              <Link to={login.href} className={styles.textLink}>
                {t('event.members_only_login')}
              </Link>
            )}
          </div>
          <div className={styles.signup}>
            <p>{t('event.members_only_signup_text')}</p>
            <ButtonLink to="/membership">{t('event.members_only_signup')}</ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
