import { StrictMode, useMemo } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { AppProviders } from '@/app/providers';
import { AppRoutes, createRoutes, routerBasename } from '@/app/router';

/**
 * The whole storefront, the same tree in the browser (`main.tsx`, BrowserRouter) and on the
 * server (`entry-server.tsx`, StaticRouter): hydration needs both sides to render one tree.
 */
export function StorefrontApp({
  config,
  queryClient,
  serverViewport,
  Router,
}: {
  config: SellerConfig;
  queryClient: QueryClient;
  serverViewport?: { mobile: boolean };
  Router: ComponentType<{ basename: string; children: ReactNode }>;
}) {
  const routes = useMemo(() => createRoutes(config), [config]);
  return (
    <StrictMode>
      <AppProviders config={config} queryClient={queryClient} serverViewport={serverViewport}>
        <Router basename={routerBasename(config)}>
          <AppRoutes routes={routes} />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
