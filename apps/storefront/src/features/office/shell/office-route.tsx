import { useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { usePageTitle } from '@/ui/page-title';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import type { OfficeStaff } from '@/features/office/api/office-session';
import { OFFICE_RESET_PAGE } from '@admit/contracts/office';
import { OfficeForgotPage } from '@/features/office/login/office-forgot-page';
import { OfficeLoginPage } from '@/features/office/login/office-login-page';
import { OfficeResetPage } from '@/features/office/login/office-reset-page';
import { OfficeLayout } from '@/features/office/shell/office-layout';
import { OFFICE_SECTIONS, officePath, sectionsFor } from '@/features/office/shell/office-routes';
import type { OfficeRole } from '@/features/office/shell/office-routes';
import { OFFICE_STRINGS } from '@/features/office/shell/strings';
import { useStaff } from '@/features/office/shell/use-staff';
import styles from '@/features/office/shell/office-layout.module.css';

/**
 * The back office (issue #27, decision 0087): `/{seller}/office/*`, or `/office/*` on the seller's
 * own domain — one lazily loaded route module, drawn in the browser only. Signed out, every page
 * is the login; signed in, the frame around the sections the staff user's role may open.
 */
export function OfficeRoute() {
  const t = useStrings(OFFICE_STRINGS);
  const { staff, isLoading } = useStaff();
  usePageTitle(t('office.title'));
  if (isLoading) return <Loader label={t('office.loading')} />;
  return (
    <Routes>
      <Route path="login" element={<OfficeLoginPage />} />
      {/* a staff user's own reset by e-mail (decision 0095): open signed in or out */}
      <Route path="forgot-password" element={<OfficeForgotPage />} />
      <Route path={OFFICE_RESET_PAGE} element={<OfficeResetPage />} />
      <Route element={staff ? <OfficeLayout staff={staff} /> : <ToLogin />}>
        <Route index element={staff && <OfficeLanding staff={staff} />} />
        {OFFICE_SECTIONS.map((section) => (
          <Route
            key={section.path}
            path={`${section.path}/*`}
            element={
              staff && (
                <RoleGate role={staff.role} roles={section.roles} element={section.element} />
              )
            }
          />
        ))}
        <Route path="*" element={<p role="alert">{t('office.not-found')}</p>} />
      </Route>
    </Routes>
  );
}

/** Signed out: the login, which comes back here once signed in. */
function ToLogin() {
  const location = useLocation();
  return (
    <Navigate
      to={officePath('login')}
      replace
      state={{ from: location.pathname + location.search }}
    />
  );
}

function RoleGate(props: {
  role: OfficeRole;
  roles: readonly OfficeRole[];
  element: React.ReactNode;
}) {
  const t = useStrings(OFFICE_STRINGS);
  if (!props.roles.includes(props.role)) return <p role="alert">{t('office.forbidden')}</p>;
  return <>{props.element}</>;
}

/** The office's first page: the sections this role may open. */
function OfficeLanding({ staff }: { staff: OfficeStaff }) {
  const t = useStrings(OFFICE_STRINGS);
  const sections = sectionsFor(staff.role);
  useEffect(() => {
    document.getElementById('office-landing')?.focus();
  }, []);
  return (
    <section className={styles.centered}>
      <h1 id="office-landing" tabIndex={-1}>
        {t('office.landing.title')}
      </h1>
      <p>{sections.length ? t('office.landing.intro') : t('office.landing.none')}</p>
      <ul>
        {sections.map((section) => (
          <li key={section.path}>
            <Link to={officePath(section.path)}>{section.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
