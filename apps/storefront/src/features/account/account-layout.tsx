import { NavLink, Outlet } from 'react-router';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { useSellerConfig } from '@/config/seller-config';
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
 * final group with Logout. The pages of profile and tickets come with the account-area issue.
 */
export function accountNavGroups(
  hasMembership: boolean,
  pages: { my_profile: boolean; upcoming_events: boolean; recent_orders: boolean },
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

/** The account area's frame: the sidebar beside the page of the child route. */
export function AccountLayout() {
  const t = useStrings(ACCOUNT_STRINGS);
  const { my_account_pages: pages } = useSellerConfig();
  const { hadMembership } = useMemberStatus();
  return (
    <div className={styles.layout}>
      <nav aria-label={t('account.nav_label')} className={styles.sidebar}>
        {accountNavGroups(hadMembership, pages).map((group) => (
          <ul key={group[0]!.to} className={styles.navGroup}>
            {group.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className={styles.navLink}>
                  {t(entry.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        ))}
      </nav>
      <div className={styles.main}>
        <Outlet />
      </div>
    </div>
  );
}
