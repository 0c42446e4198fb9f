import type { ComponentType, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useMyMembership } from '@/api/membership/get-my-membership';
import { sellsMemberships } from '@/api/membership/membership-status';
import { useWalletLinks } from '@/api/wallet/get-wallet-precheck';
import { useSellerConfig } from '@/config/seller-config';
import { useMemberState } from '@/stores/member-store';
import { Button, ButtonLink } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { resendMemberships } from '@/features/account/api/resend-memberships';
import {
  memberNamesOf,
  membershipPassTicketOf,
  shownMemberships,
} from '@/features/account/model/shown-memberships';
import { MembershipCard } from '@/features/account/components/membership-card';
import { SavedCard } from '@/features/account/components/saved-card';
import type { CardEntryProps } from '@/features/account/model/card-entry';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/** The membership e-mail again (identity §7 memberships-only resend). */
function ResendButton() {
  const t = useStrings(ACCOUNT_STRINGS);
  const resend = useMutation({ mutationFn: resendMemberships });
  return (
    <div className={styles.resend}>
      <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? t('account.membership.resending') : t('account.membership.resend')}
      </Button>
      {resend.isSuccess && <p role="status">{t('account.membership.resent')}</p>}
      {resend.isError && (
        <p role="alert" className={styles.error}>
          {t('account.membership.resend_error')}
        </p>
      )}
    </div>
  );
}

export interface MembershipDetailsProps {
  /** the page's h1; the modal's title names the details there */
  heading?: ReactNode;
  /** each membership's and the saved card's heading: 2 on the page, 3 under a modal's title */
  level?: 2 | 3;
  /** the card fields of "Replace card" (decision 0067); without them the card is only shown */
  cardEntry?: ComponentType<CardEntryProps>;
}

/**
 * spec: identity §2 "My membership details" — the membership ID, then each membership with
 * level, name, expiry, renew link, auto-renew status, QR code and add-to-wallet links, the saved
 * card, and a button that e-mails the membership again. One home for the account page
 * (/my/membership) and the membership details modal (shopping §2 "Modals", decision 0080).
 */
export function MembershipDetails({ heading, level = 2, cardEntry }: MembershipDetailsProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const { identity } = useMemberState();
  const config = useSellerConfig();
  const memberships = useMyMembership();
  const now = Date.now();
  const shown = shownMemberships(memberships.data, now);
  const passTickets = shown.map((m) => membershipPassTicketOf(memberships.data, m));
  // spec: identity §2 — add-to-wallet links only when walletprecheck offers them
  const walletLinks = useWalletLinks(passTickets.find((id) => id !== null) ?? null);
  if (memberships.isPending) return <Loader label={t('account.membership.loading')} />;
  if (memberships.isError) {
    return (
      <div role="alert" className={styles.content}>
        <p>{t('account.membership.error')}</p>
        <Button onClick={memberships.refetch}>{t('account.membership.retry')}</Button>
      </div>
    );
  }
  const ownName = [identity?.first_name, identity?.last_name].filter(Boolean).join(' ');
  return (
    <div className={styles.content}>
      {heading}
      {shown.length === 0 ? (
        <>
          <p>{t('account.membership.none')}</p>
          {sellsMemberships(config) && (
            <div className={styles.actions}>
              <ButtonLink to="/membership">{t('account.membership.join')}</ButtonLink>
              <ButtonLink to="/membership/gift" variant="secondary">
                {t('account.membership.give')}
              </ButtonLink>
            </div>
          )}
        </>
      ) : (
        <>
          <p className={styles.memberId}>
            {t('account.membership.member_id')}: <strong>{shown[0]!.member_code}</strong>
          </p>
          {shown.map((membership, i) => {
            const names = memberNamesOf(memberships.data, membership.id);
            const passTicket = passTickets[i];
            return (
              <MembershipCard
                key={membership.id}
                membership={membership}
                names={names.length > 0 ? names : ownName ? [ownName] : []}
                now={now}
                wallet={passTicket ? walletLinks(passTicket) : null}
                level={level}
              />
            );
          })}
          <SavedCard hasMembership cardEntry={cardEntry} level={level} />
          <ResendButton />
          {sellsMemberships(config) && (
            <div className={styles.actions}>
              <ButtonLink to="/membership/gift" variant="secondary">
                {t('account.membership.give')}
              </ButtonLink>
            </div>
          )}
        </>
      )}
    </div>
  );
}
