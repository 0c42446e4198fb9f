import { StrictMode, useMemo } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { AppProviders } from '@/app/providers';
import { AppRoutes, createRoutes, routerBasename } from '@/app/router';

/**
 * The whole storefront, the same tree in the browser (`main.tsx`, BrowserRouter) and on the
 * server (`app/boot/render-page.tsx`, StaticRouter): hydration needs both sides to render one tree.
 */
export function StorefrontApp({
  config,
  queryClient,
  serverViewport,
  serverVisitor,
  Router,
}: {
  config: SellerConfig;
  queryClient: QueryClient;
  serverViewport?: { mobile: boolean };
  /** what the server knew of the visitor when it drew a private page (decision 0045) */
  serverVisitor?: ServerVisitor | null;
  Router: ComponentType<{ basename: string; children: ReactNode }>;
}) {
  const routes = useMemo(() => createRoutes(config), [config]);
  return (
    <StrictMode>
      <AppProviders
        config={config}
        queryClient={queryClient}
        serverViewport={serverViewport}
        serverVisitor={serverVisitor ?? null}
      >
        <Router basename={routerBasename(config)}>
          <AppRoutes routes={routes} />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
