import { Link, NavLink, useLocation } from 'react-router';
import { logoImageUrl } from '@admit/contracts/images';
import { useSellerConfig } from '@/config/seller-config';
import { useMemberState } from '@/stores/member-store';
import { useStrings } from '@/ui/text/use-strings';
import { MEMBERSHIP_DIALOG_STRINGS } from '@/features/account/membership-dialog-strings';
import { useOpenMembershipDetails } from '@/features/account/use-open-membership-details';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import styles from '@/app/layout/site-header.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
}

export function SiteHeader() {
  const { theme, login_path: loginPath, seller } = useSellerConfig();
  const t = useStrings(LAYOUT_STRINGS);
  const tm = useStrings(MEMBERSHIP_DIALOG_STRINGS);
  const openMembershipDetails = useOpenMembershipDetails();
  const { loggedIn, identity } = useMemberState();
  const { pathname, search } = useLocation();
  const memberName = [identity?.first_name, identity?.last_name].filter(Boolean).join(' ');
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to="/"
          className={styles.logoLink}
          aria-label={t('layout.home-link', { name: theme.logo_alt || seller.name })}
        >
          {theme.logo_url ? (
            <img
              className={styles.logo}
              src={logoImageUrl(theme.logo_url, theme.logo_height_px)}
              alt={theme.logo_alt}
              // both sizes: the header keeps the logo's box before the picture arrives (issue 13)
              width={theme.logo_width_px}
              height={theme.logo_height_px}
            />
          ) : (
            // a seller without a logo yet still gets a recognisable home link
            <span className={styles.wordmark}>{theme.logo_alt || seller.name}</span>
          )}
        </Link>
        <nav aria-label={t('layout.nav-label')} className={styles.nav}>
          <ul className={styles.navList}>
            <li>
              <NavLink to="/events" className={navClass}>
                {t('layout.nav.events')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/my" className={navClass}>
                {t('layout.nav.account')}
              </NavLink>
            </li>
            {loggedIn ? (
              <>
                {memberName && (
                  <li className={styles.navLink}>{t('layout.nav.member', { name: memberName })}</li>
                )}
                {/* decision 0080: the member's details, as a modal over the page they are on */}
                {identity?.is_member && (
                  <li>
                    <button
                      type="button"
                      className={`${styles.navLink} ${styles.navButton}`}
                      aria-haspopup="dialog"
                      onClick={openMembershipDetails}
                    >
                      {tm('account.membership.view_details')}
                    </button>
                  </li>
                )}
                <li>
                  <Link to="/logout" className={`${styles.navLink} ${styles.login}`}>
                    {t('layout.nav.logout')}
                  </Link>
                </li>
              </>
            ) : (
              <li>
                {/* the login screen returns to this page (identity §2 Login) */}
                <Link
                  to={loginPath}
                  state={{ from: `${pathname}${search}` }}
                  className={`${styles.navLink} ${styles.login}`}
                >
                  {t('layout.nav.login')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
