import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { BootFallback } from '@/app/boot/boot-fallback';
import { RouteErrorBoundary } from '@/app/layout/route-error';
import { ContentBlocks } from '@/app/layout/content-blocks';
import { SiteFooter } from '@/app/layout/site-footer';
import { SiteHeader } from '@/app/layout/site-header';
import { TestModeBanner } from '@/app/layout/test-mode-banner';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import { AddressRules, ScrollRules } from '@/app/navigation/navigation-rules';
import { RedirectRules } from '@/app/navigation/redirect-rules';
import { FocusRules } from '@/app/navigation/focus-rules';
import { RouteLeaveRules } from '@/app/navigation/route-leave-rules';
import { CartExpiryHost } from '@/app/cart-expiry-host';
import { LoginRules } from '@/app/navigation/login-rules';
import { SessionEndHost } from '@/app/session-end-host';
import { ErrorReportingHost } from '@/app/error-reporting-host';
import styles from '@/app/layout/root-layout.module.css';

/**
 * Staff pages (the door scanner, issue #25): no visitor header, content blocks or footer, so the
 * phone's screen holds the scan and its answer, and nothing a visitor would follow.
 */
const STAFF_ROUTES = new Set(['scan']);

/** The page frame every route renders in: skip link, header, main with content blocks, footer. */
export function RootLayout() {
  const t = useStrings(LAYOUT_STRINGS);
  const { pathname } = useLocation();
  const routeName = useRouteName();
  const staff = routeName !== null && STAFF_ROUTES.has(routeName);
  const hasSidebar = useSellerConfig().content_blocks.some(
    (block) => block.position === 'sidebar' && block.route === routeName,
  );
  return (
    <>
      <AddressRules />
      <RedirectRules />
      <LoginRules />
      <RouteLeaveRules />
      <ScrollRules />
      <FocusRules />
      <CartExpiryHost />
      <SessionEndHost />
      <ErrorReportingHost />
      <a href="#main" className={styles.skipLink}>
        {t('layout.skip-link')}
      </a>
      <TestModeBanner />
      {!staff && <SiteHeader />}
      <main id="main" tabIndex={-1} className={styles.main} data-route={routeName ?? undefined}>
        {!staff && <ContentBlocks position="top" />}
        <div className={hasSidebar ? styles.withSidebar : styles.content}>
          <div className={styles.outlet}>
            <RouteErrorBoundary key={pathname}>
              <Suspense fallback={<BootFallback />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
          {hasSidebar && <ContentBlocks position="sidebar" />}
        </div>
        {!staff && <ContentBlocks position="bottom" />}
      </main>
      {!staff && <SiteFooter />}
    </>
  );
}
