import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { SellerConfigProvider } from '@/config/seller-config';
import { ModalStackProvider } from '@/ui/modal-stack';
import { ThemeRoot } from '@/ui/theme/theme-root';

/** Everything a screen may rely on: seller config, theme on :root, and the query cache. */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: SellerConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <SellerConfigProvider config={config}>
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <ModalStackProvider>{children}</ModalStackProvider>
        </QueryClientProvider>
      </ThemeRoot>
    </SellerConfigProvider>
  );
}
