import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { ButtonLink } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { MEMBERSHIP_PAGE_STRINGS } from '@/features/membership/strings';
import styles from '@/features/membership/membership-pages.module.css';

/** The external membership address plus the action ("…/renew"), or the address alone. */
export function externalMembershipUrl(base: string, action: string | undefined): string {
  return action ? `${base.replace(/\/+$/, '')}/${encodeURIComponent(action)}` : base;
}

/**
 * spec: identity §2 "Membership route" — redirects to an external membership address plus the
 * action, or to /events/{membership event id}/{action}; otherwise 'Memberships are not available
 * at this time'.
 */
export function MembershipRoute() {
  const { action } = useParams();
  const t = useStrings(MEMBERSHIP_PAGE_STRINGS);
  const { membership } = useSellerConfig();
  usePageTitle(t('membership.title'));
  const external = membership.external_url
    ? externalMembershipUrl(membership.external_url, action)
    : null;
  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);

  if (external) return <Loader label={t('membership.redirecting')} />;
  if (membership.event_id) {
    const target = `/events/${encodeURIComponent(membership.event_id)}`;
    return <Navigate to={action ? `${target}/${encodeURIComponent(action)}` : target} replace />;
  }
  return (
    <div className={styles.page}>
      <h1>{t('membership.title')}</h1>
      <p role="status">{t('membership.unavailable')}</p>
      <ButtonLink to="/events">{t('membership.events')}</ButtonLink>
    </div>
  );
}
