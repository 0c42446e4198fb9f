import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membershipLastDay } from '@admit/contracts/rules/membership-dates';
import type { Membership } from '@admit/contracts/membership';
import { MY_MEMBERSHIP_QUERY_ROOT, useMyMembership } from '@/api/membership/get-my-membership';
import { useSellerConfig } from '@/config/seller-config';
import { useMemberState } from '@/stores/member-store';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { cancelAutoRenew, cancelMyAutoRenew } from '@/features/membership/api/cancel-auto-renew';
import {
  cancelFailureOf,
  isEnrolled,
  termById,
  termOfOrder,
} from '@/features/membership/model/cancel-auto-renew';
import { MEMBERSHIP_PAGE_STRINGS } from '@/features/membership/strings';
import styles from '@/features/membership/membership-pages.module.css';

export interface CancelAutoRenewRouteProps {
  /** opens the login (identity §2: "If not authenticated, login is required first") */
  requireLogin: (onLoggedIn: () => void) => void;
}

function NotEnrolled({ loggedIn }: { loggedIn: boolean }) {
  const t = useStrings(MEMBERSHIP_PAGE_STRINGS);
  return (
    <div role="alert" className={styles.warning}>
      <p>
        {t(
          loggedIn
            ? 'membership.cancel.not_enrolled_member'
            : 'membership.cancel.not_enrolled_anonymous',
        )}
      </p>
      {loggedIn && <Link to="/my/membership">{t('membership.cancel.details_link')}</Link>}
    </div>
  );
}

/**
 * spec: identity §2 "Cancel auto-renew" (/manage/{ticketOrderId}/cancel-auto-renew, and
 * /my/membership/{membershipId}/cancel-auto-renew for a term no order made): a title, a
 * body and a confirm-unenrollment button; a warning when the membership is not enrolled or
 * already cancelled (one text for a logged-in member, another for anyone else); after
 * `DELETE ticket_order/{id}/auto_renew` the level and the valid-to date. Cancel and Done go back
 * one page; a call refused for want of a login asks for one and tries again.
 */
export function CancelAutoRenewRoute({ requireLogin }: CancelAutoRenewRouteProps) {
  const t = useStrings(MEMBERSHIP_PAGE_STRINGS);
  usePageTitle(t('membership.cancel.title'));
  // /manage/{ticketOrderId}/… (the spec's), or /my/membership/{membershipId}/… for a term
  // without an order (decision 0057)
  const { ticketOrderId, membershipId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { timezone } = useSellerConfig();
  const { loggedIn } = useMemberState();
  const memberships = useMyMembership();
  const [refused, setRefused] = useState(false);
  const [cancelled, setCancelled] = useState<Membership | null>(null);
  const term = membershipId
    ? termById(memberships.data, membershipId)
    : termOfOrder(memberships.data, ticketOrderId ?? '');
  const mutation = useMutation({
    mutationFn: () =>
      membershipId ? cancelMyAutoRenew(membershipId) : cancelAutoRenew(ticketOrderId ?? ''),
    onSuccess: (membership) => {
      setCancelled(membership ?? term);
      void queryClient.invalidateQueries({ queryKey: [MY_MEMBERSHIP_QUERY_ROOT] });
    },
    onError: (error) => {
      const failure = cancelFailureOf(error);
      if (failure === 'login') requireLogin(() => mutation.mutate());
      if (failure === 'not_enrolled') setRefused(true);
    },
  });
  // the first page of a visit (an e-mail link) has nowhere to go back to: the shop's home
  const back = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  if (memberships.isPending) return <Loader label={t('membership.cancel.loading')} />;
  const done = mutation.isSuccess;
  const notEnrolled = refused || (!done && term !== null && !isEnrolled(term));
  return (
    <div className={styles.page}>
      <h1>{t('membership.cancel.title')}</h1>
      {done ? (
        <div role="status" className={styles.success}>
          {cancelled ? (
            <>
              <p>{t('membership.cancel.success', { level: cancelled.role })}</p>
              <p>
                {t('membership.cancel.valid_to', {
                  date: membershipLastDay(cancelled.valid_to, timezone),
                })}
              </p>
            </>
          ) : (
            <p>{t('membership.cancel.success_plain')}</p>
          )}
        </div>
      ) : notEnrolled ? (
        <NotEnrolled loggedIn={loggedIn} />
      ) : (
        <p>{t('membership.cancel.body')}</p>
      )}
      {mutation.isError && cancelFailureOf(mutation.error) === 'error' && (
        <p role="alert" className={styles.error}>
          {t('membership.cancel.error')}
        </p>
      )}
      <div className={styles.actions}>
        {done ? (
          <Button onClick={back}>{t('membership.cancel.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={back}>
              {t('membership.cancel.cancel')}
            </Button>
            {!notEnrolled && (
              <Button onClick={() => mutation.mutate()} disabled={mutation.isPending}>
                {mutation.isPending
                  ? t('membership.cancel.confirming')
                  : t('membership.cancel.confirm')}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
