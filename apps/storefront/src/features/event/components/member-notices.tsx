import { useSellerConfig } from '@/config/seller-config';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import type { EventDetail } from '@/api/events/event-detail';
import { useMemberState } from '@/stores/member-store';
import { ButtonLink } from '@/ui/button';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import { useEventSlots } from '@/features/event/event-slots';
import { hasMemberTickets, renewalNoticeOf } from '@/features/event/model/member-notices';
import type { RenewalNotice } from '@/features/event/model/member-notices';
import styles from '@/features/event/components/member-notices.module.css';
import bannerStyles from '@/features/event/components/add-on-banner.module.css';

/**
 * spec: shopping §1 — members get a welcome banner; it opens their membership details (shopping
 * §2 "Modals"), which the app plugs in (decision 0080).
 */
function WelcomeBanner() {
  const t = useStrings(EVENT_STRINGS);
  const name = useMemberState().identity?.first_name;
  const { memberDetails: MemberDetails } = useEventSlots();
  return (
    <aside className={styles.banner} aria-label={t('event.member_banner_label')}>
      <p className={bannerStyles.text}>
        {name ? t('event.member_welcome', { name }) : t('event.member_welcome_anonymous')}
      </p>
      {MemberDetails && <MemberDetails />}
    </aside>
  );
}

/** spec: shopping §6 — the renewal notice: expires-in or expired, with a way to renew. */
function RenewalNoticeView({ notice }: { notice: NonNullable<RenewalNotice> }) {
  const t = useStrings(EVENT_STRINGS);
  const { timezone, locale } = useSellerConfig();
  const date = (iso: string) => formatInZone(iso, dateFormatsFor(locale).cartDate, timezone);
  const level = notice.membership.role;
  let text: string;
  if (notice.kind === 'expired') {
    text = t('event.renewal_expired', { level, date: date(notice.membership.valid_to) });
  } else if (notice.days === 1) {
    text = t('event.renewal_expires_in_one', { level });
  } else {
    text = t('event.renewal_expires_in', { level, days: String(notice.days) });
  }
  const renewal = notice.kind === 'expired' ? { open: true as const } : notice.renewal;
  return (
    <aside className={`${styles.banner} ${styles.renewal}`} aria-label={t('event.renewal_label')}>
      <p className={bannerStyles.text}>{text}</p>
      {renewal.open ? (
        <ButtonLink to="/membership/renew" variant="secondary">
          {t('event.renewal_renew')}
        </ButtonLink>
      ) : (
        <p className={bannerStyles.text}>
          {t('event.renewal_renew_from', { date: date(renewal.from) })}
        </p>
      )}
    </aside>
  );
}

/** The member's banners on an event page: welcome, then the renewal notice when it applies. */
export function MemberNotices({ event }: { event: EventDetail }) {
  const status = useMemberStatus();
  if (!status.hadMembership) return null;
  const memberships = status.latest ? [status.latest, ...status.current] : status.current;
  const notice = hasMemberTickets(event, memberships) ? renewalNoticeOf(status, Date.now()) : null;
  return (
    <>
      {status.isMember && <WelcomeBanner />}
      {notice && <RenewalNoticeView notice={notice} />}
    </>
  );
}
