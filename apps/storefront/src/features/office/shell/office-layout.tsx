import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { logoutOfOffice, officeStaffQuery } from '@/features/office/api/office-session';
import type { OfficeStaff } from '@/features/office/api/office-session';
import { officePath, sectionsFor } from '@/features/office/shell/office-routes';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import styles from '@/features/office/shell/office-layout.module.css';

/** The office's frame around every signed-in page: who is signed in, logout, the sections. */
export function OfficeLayout({ staff }: { staff: OfficeStaff }) {
  const t = useStrings(OFFICE_STRINGS);
  const overrides = useSellerConfig().text_strings;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await logoutOfOffice();
    } finally {
      // whatever the answer, this tab forgets the staff user and everything read as them
      queryClient.removeQueries({ queryKey: ['office'] });
      queryClient.setQueryData(officeStaffQuery().queryKey, null);
      void navigate(officePath('login'), { replace: true });
    }
  };
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <strong>{t('office.title')}</strong>
        <p>
          {t('office.signed-in-as', { email: staff.email, role: t(`office.role.${staff.role}`) })}
        </p>
        <Button variant="secondary" onClick={() => void logout()}>
          {t('office.logout')}
        </Button>
      </header>
      <nav className={styles.nav} aria-label={t('office.nav.label')}>
        <ul>
          {sectionsFor(staff.role).map((section) => (
            <li key={section.path}>
              <NavLink to={officePath(section.path)}>
                {overrides[`office.nav.${section.path}`] ?? section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Suspense fallback={<Loader label={t('office.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
