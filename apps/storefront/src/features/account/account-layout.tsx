import { useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useSellerConfig } from '@/config/seller-config';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { useStrings } from '@/ui/text/use-strings';
import type { AccountStringKey } from '@/features/account/strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

interface NavEntry {
  to: string;
  labelKey: AccountStringKey;
}

/**
 * spec: identity §2 "Account area (/my)" sidebar, in groups: membership (only with a
 * membership), profile (flag my_profile), tickets (flags upcoming_events, recent_orders), and a
 * final group with Logout.
 */
export function accountNavGroups(
  hasMembership: boolean,
  pages: SellerConfig['my_account_pages'],
): NavEntry[][] {
  const groups: NavEntry[][] = [
    hasMembership ? [{ to: '/my/membership', labelKey: 'account.nav.membership' }] : [],
    pages.my_profile ? [{ to: '/my/profile', labelKey: 'account.nav.profile' }] : [],
    [
      ...(pages.upcoming_events
        ? [{ to: '/my/upcoming', labelKey: 'account.nav.upcoming' } as const]
        : []),
      ...(pages.recent_orders
        ? [{ to: '/my/orders', labelKey: 'account.nav.orders' } as const]
        : []),
    ],
    [{ to: '/logout', labelKey: 'account.nav.logout' }],
  ];
  return groups.filter((group) => group.length > 0);
}

function NavGroups({ groups, onFollow }: { groups: NavEntry[][]; onFollow?: () => void }) {
  const t = useStrings(ACCOUNT_STRINGS);
  return groups.map((group) => (
    <ul key={group[0]!.to} className={styles.navGroup}>
      {group.map((entry) => (
        <li key={entry.to}>
          <NavLink to={entry.to} className={styles.navLink} onClick={onFollow}>
            {t(entry.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  ));
}

/**
 * "a dropdown on mobile": the same links inside a disclosure whose summary names the page one
 * is on; it closes again when a link is followed.
 */
function NavDropdown({ groups }: { groups: NavEntry[][] }) {
  const t = useStrings(ACCOUNT_STRINGS);
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const current = groups.flat().find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
  return (
    <details ref={menu} className={styles.menu}>
      <summary>{current ? t(current.labelKey) : t('account.nav.choose')}</summary>
      <NavGroups
        groups={groups}
        onFollow={() => {
          if (menu.current) menu.current.open = false;
        }}
      />
    </details>
  );
}

/** The account area's frame: the sidebar (a dropdown on phones) beside the child route's page. */
export function AccountLayout() {
  const t = useStrings(ACCOUNT_STRINGS);
  const { my_account_pages: pages } = useSellerConfig();
  const { hadMembership } = useMemberStatus();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const groups = accountNavGroups(hadMembership, pages);
  return (
    <div className={styles.layout}>
      <nav aria-label={t('account.nav_label')} className={styles.sidebar}>
        {mobile ? <NavDropdown groups={groups} /> : <NavGroups groups={groups} />}
      </nav>
      <div className={styles.main}>
        <Outlet />
      </div>
    </div>
  );
}
