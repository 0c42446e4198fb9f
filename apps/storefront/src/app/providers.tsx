import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { ServerVisitorContext } from '@/stores/server-visitor';
import { StoredValuesHold } from '@/stores/persisted-store';
import { SellerConfigProvider } from '@/config/seller-config';
import { FeatureFlagsProvider } from '@/config/feature-flags';
import { ModalStackProvider } from '@/ui/modal-stack';
import { ThemeRoot } from '@/ui/theme/theme-root';
import { ServerViewportContext } from '@/ui/use-media-query';
import { AccountSlotsProvider } from '@/features/account/account-slots';
import { ACCOUNT_SLOTS } from '@/app/account-slots';

const DESKTOP = { mobile: false };

/** Everything a screen may rely on: seller config, theme on :root, and the query cache. */
export function AppProviders({
  config,
  queryClient,
  serverViewport = DESKTOP,
  serverVisitor = null,
  children,
}: {
  config: SellerConfig;
  queryClient: QueryClient;
  /** the layout the server drew the page for (decision 0044); the hydration pass keeps it */
  serverViewport?: { mobile: boolean };
  /** what the server knew of the visitor when it drew a private page (decision 0045) */
  serverVisitor?: ServerVisitor | null;
  children: ReactNode;
}) {
  return (
    <SellerConfigProvider config={config}>
      <FeatureFlagsProvider initial={config.feature_flags}>
        <ThemeRoot>
          <QueryClientProvider client={queryClient}>
            <ServerViewportContext value={serverViewport}>
              <ServerVisitorContext value={serverVisitor}>
                <StoredValuesHold>
                  <AccountSlotsProvider slots={ACCOUNT_SLOTS}>
                    <ModalStackProvider>{children}</ModalStackProvider>
                  </AccountSlotsProvider>
                </StoredValuesHold>
              </ServerVisitorContext>
            </ServerViewportContext>
          </QueryClientProvider>
        </ThemeRoot>
      </FeatureFlagsProvider>
    </SellerConfigProvider>
  );
}
