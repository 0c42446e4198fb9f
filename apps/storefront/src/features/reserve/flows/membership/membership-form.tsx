import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { TicketType } from '@admit/contracts/resources';
import type { EventDetail } from '@/api/events/event-detail';
import { membershipLevelsOf } from '@/api/events/event-detail';
import { useCart } from '@/api/cart/get-cart';
import { cartHasItems, toCartItems } from '@/api/cart/cart-items';
import { gifteeIdentityId } from '@/api/cart/cart-giftee';
import { useMyMembership } from '@/api/membership/get-my-membership';
import { renewalStateOf } from '@/api/membership/membership-status';
import { useSellerConfig } from '@/config/seller-config';
import { useMemberState } from '@/stores/member-store';
import { ButtonLink } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { dateFormatsFor, formatInZone } from '@admit/contracts/session-time';
import { useStrings } from '@/ui/text/use-strings';
import { useMembershipRules } from '@/features/reserve/api/get-membership-rules';
import {
  initialState,
  renewalState,
  slotsOf,
} from '@/features/reserve/flows/membership/membership-model';
import { renewalTargetOf } from '@/features/reserve/flows/membership/renewal-preselect';
import type { MembershipMode } from '@/features/reserve/flows/membership/membership-form-body';
import { MembershipFormBody } from '@/features/reserve/flows/membership/membership-form-body';
import type { MembershipStringKey } from '@/features/reserve/flows/membership/membership-strings';
import { MEMBERSHIP_STRINGS } from '@/features/reserve/flows/membership/membership-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/membership/membership.module.css';

export interface MembershipFormProps {
  event: EventDetail;
  /** the levels to offer instead of the event's (the gift code's redeem page: at most 3) */
  levels?: readonly TicketType[];
  /** codes sent with the reserve (the gift code being redeemed) */
  promoCodes?: readonly string[];
  /** opens the login-or-guest choice (shopping §6: a gift, unless logged in) */
  askLoginOrGuest?: () => void;
  /** what a gift code being redeemed pays of each level (ticket type id → decimal) */
  giftCovers?: Readonly<Record<string, string>>;
}

const HEADINGS: Record<MembershipMode, MembershipStringKey> = {
  buy: 'reserve.membership.heading',
  renew: 'reserve.membership.renew_heading',
  gift: 'reserve.membership.gift_heading',
};

function Panel({ mode, children }: { mode: MembershipMode; children: React.ReactNode }) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  return (
    <section aria-labelledby="membership-heading" className={reserveStyles.panel}>
      <h2 id="membership-heading" className={reserveStyles.sectionHeading}>
        {t(HEADINGS[mode])}
      </h2>
      {children}
    </section>
  );
}

function CartFirst({ messageKey }: { messageKey: MembershipStringKey }) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  return (
    <div className={styles.notice} role="status">
      <p>{t(messageKey)}</p>
      <ButtonLink to={CHECKOUT_ROUTE}>{t('reserve.membership.go_to_checkout')}</ButtonLink>
    </div>
  );
}

/**
 * The membership purchase form in the event's selection area (shopping §2 rule 3), for
 * /events/{id} (buy), /events/{id}/renew and /events/{id}/gift. Shopping §6 first: a gift needs
 * an empty cart (and, unless logged in, the login-or-guest choice); a purchase or renewal needs
 * a cart without another membership or gift. A renewal preselects the last term's level and
 * members and is offered only inside its renewal period.
 */
export function MembershipForm({
  event,
  levels,
  promoCodes,
  askLoginOrGuest,
  giftCovers,
}: MembershipFormProps) {
  const t = useStrings(MEMBERSHIP_STRINGS);
  const { action } = useParams();
  const { pathname } = useLocation();
  const mode: MembershipMode = action === 'gift' ? 'gift' : action === 'renew' ? 'renew' : 'buy';
  const { timezone, locale } = useSellerConfig();
  const member = useMemberState();
  const offered = useMemo(() => levels ?? membershipLevelsOf(event), [levels, event]);
  const levelIds = useMemo(() => offered.map((type) => type.id), [offered]);
  const rules = useMembershipRules(levelIds);
  const memberships = useMyMembership();
  const cart = useCart();
  const config = useSellerConfig();

  // spec: shopping §6 — gifting asks a visitor who is not logged in to log in or shop as a guest
  const asked = useRef(false);
  useEffect(() => {
    if (mode !== 'gift' || member.loggedIn || !askLoginOrGuest || asked.current) return;
    asked.current = true;
    askLoginOrGuest();
  }, [mode, member.loggedIn, askLoginOrGuest]);

  if (offered.length === 0) {
    return (
      <Panel mode={mode}>
        <p className={reserveStyles.muted}>{t('reserve.membership.unavailable')}</p>
      </Panel>
    );
  }
  if (rules.isPending || memberships.isPending || cart.isPending) {
    return <Loader label={t('reserve.membership.loading')} />;
  }
  if (rules.isError) {
    return (
      <Panel mode={mode}>
        <p role="alert" className={reserveStyles.alert}>
          {t('reserve.membership.load_error')}
        </p>
      </Panel>
    );
  }
  const bundle = cart.bundle;
  if (mode === 'gift' && cartHasItems(bundle)) {
    return (
      <Panel mode={mode}>
        <CartFirst messageKey="reserve.membership.gift_needs_empty_cart" />
      </Panel>
    );
  }
  const holdsMembership =
    bundle !== null &&
    (gifteeIdentityId(bundle) !== null ||
      toCartItems(bundle, config).some((item) => item.isMembershipEvent));
  if (mode !== 'gift' && holdsMembership) {
    return (
      <Panel mode={mode}>
        <CartFirst messageKey="reserve.membership.cart_has_membership" />
      </Panel>
    );
  }

  const target = mode === 'renew' ? renewalTargetOf(memberships.data, offered) : null;
  const renewal = target ? renewalStateOf(target.term, Date.now()) : null;
  if (target && renewal && !renewal.open) {
    return (
      <Panel mode={mode}>
        <p role="status" className={reserveStyles.muted}>
          {t('reserve.membership.renew_from', {
            level: target.term.role,
            date: formatInZone(renewal.from, dateFormatsFor(locale).cartDate, timezone),
          })}
        </p>
      </Panel>
    );
  }
  const allRules = rules.data ?? [];
  const holder = member.identity
    ? {
        first: member.identity.first_name ?? '',
        last: member.identity.last_name ?? '',
        email: member.identity.email ?? '',
      }
    : null;
  const initial = target
    ? renewalState(target.levelId, slotsOf(allRules, target.levelId), target.links, holder)
    : initialState(levelIds);
  return (
    <Panel mode={mode}>
      {mode === 'buy' && (
        <p className={reserveStyles.muted}>
          {t('reserve.membership.give_note')}{' '}
          <Link to={`/events/${encodeURIComponent(event.template.id)}/gift`}>
            {t('reserve.membership.give_link')}
          </Link>
        </p>
      )}
      {mode === 'renew' && !member.loggedIn && (
        <p className={reserveStyles.muted}>
          {t('reserve.membership.renew_login')}{' '}
          <Link to={`${pathname}?login=1`}>{t('reserve.membership.renew_login_link')}</Link>
        </p>
      )}
      <MembershipFormBody
        key={target?.term.id ?? 'new'}
        eventId={event.template.id}
        mode={mode}
        levels={offered}
        rules={allRules}
        initial={initial}
        ownEmail={member.loggedIn ? (member.identity?.email ?? null) : null}
        promoCodes={promoCodes}
        giftCovers={giftCovers}
      />
    </Panel>
  );
}
