import { useId } from 'react';
import { membershipFirstDay, membershipLastDay } from '@admit/contracts/rules/membership-dates';
import { MEMBERSHIP_QR_MARGIN } from '@admit/contracts/membership';
import type { Membership } from '@admit/contracts/membership';
import { buildApiUrl } from '@/api/client';
import { renewalStateOf, sellsMemberships } from '@/api/membership/membership-status';
import { useSellerConfig } from '@/config/seller-config';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import type { WalletLinks } from '@/api/wallet/get-wallet-precheck';
import { useStrings } from '@/ui/text/use-strings';
import { AppLink } from '@/ui/app-link';
import { AddToWallet } from '@/ui/wallet/add-to-wallet';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

export interface MembershipCardProps {
  membership: Membership;
  /** the members' names, else the holder's */
  names: string[];
  now: number;
  /** the term's add-to-wallet links (null: none to offer) */
  wallet: WalletLinks | null;
  /** the level's heading: 2 on the account page, 3 under the modal's title */
  level?: 2 | 3;
}

/** identity §7, §9 — the membership QR at /api/membership/{id}/qrcode?margin=2. */
export function membershipQrUrl(membershipId: string): string {
  return buildApiUrl(
    `membership/${encodeURIComponent(membershipId)}/qrcode`,
    { margin: MEMBERSHIP_QR_MARGIN },
    false,
  );
}

/**
 * Where auto-renew is cancelled: the order's page (identity §2), or, for a term no order made,
 * the holder's own page for it (decision 0057).
 */
function cancelAutoRenewPath(membership: Membership): string {
  return membership.ticket_order_id
    ? `/manage/${encodeURIComponent(membership.ticket_order_id)}/cancel-auto-renew`
    : `/my/membership/${encodeURIComponent(membership.id)}/cancel-auto-renew`;
}

/**
 * One membership of "My membership details" (identity §2): level, name, expiry, a renew link
 * (or 'renew from' a date outside the renewal period), auto-renew status, the QR code and the
 * add-to-wallet links. Its links work on the page and in the modal (ui/app-link.tsx).
 */
export function MembershipCard({ membership, names, now, wallet, level = 2 }: MembershipCardProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const config = useSellerConfig();
  const { timezone } = config;
  const date = (iso: string) => formatInZone(iso, dateFormatsFor(config.locale).cartDate, timezone);
  // the e-mails name the same day: one home for a term's dates (contracts rules)
  const lastDay = membershipLastDay(membership.valid_to, timezone);
  const started = Date.parse(membership.valid_from) < now;
  const ended = Date.parse(membership.valid_to) <= now;
  const renewal = renewalStateOf(membership, now);
  // the page and the modal over it may both show a term: ids unique per rendering
  const headingId = `${useId()}-membership`;
  const Heading = level === 3 ? 'h3' : 'h2';
  const enrolled =
    membership.auto_renew_state === 'scheduled' || membership.auto_renew_state === 'requested';
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <div className={styles.cardText}>
        <Heading id={headingId}>{membership.role}</Heading>
        {names.length > 0 && <p>{names.join(', ')}</p>}
        <p>
          {ended
            ? t('account.membership.expired', { date: lastDay })
            : started
              ? t('account.membership.expires', { date: lastDay })
              : t('account.membership.starts', {
                  date: membershipFirstDay(membership.valid_from, timezone),
                  to: lastDay,
                })}
        </p>
        {/* a seller with no memberships on sale has nowhere to renew (/membership says so) */}
        {sellsMemberships(config) && (
          <p>
            {renewal.open ? (
              <AppLink
                to="/membership/renew"
                aria-label={t('account.membership.renew_label', { level: membership.role })}
              >
                {t('account.membership.renew')}
              </AppLink>
            ) : (
              t('account.membership.renew_from', { date: date(renewal.from) })
            )}
          </p>
        )}
        <p>
          {t('account.membership.auto_renew')}:{' '}
          {t(`account.membership.auto_renew.${membership.auto_renew_state}`)}
          {enrolled && !ended && (
            <>
              {' '}
              <AppLink to={cancelAutoRenewPath(membership)}>
                {t('account.membership.cancel_auto_renew')}
              </AppLink>
            </>
          )}
        </p>
        {wallet && (
          <AddToWallet
            appleHref={wallet.apple}
            googleHref={wallet.google}
            item={t('account.membership.wallet_item', { level: membership.role })}
          />
        )}
      </div>
      <img
        className={styles.qr}
        src={membershipQrUrl(membership.id)}
        alt={t('account.membership.qr_alt', { code: membership.member_code })}
        width={160}
        height={160}
      />
    </section>
  );
}
