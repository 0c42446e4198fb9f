import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { SellerConfig } from '@admit/contracts/seller-config';

const SellerConfigContext = createContext<SellerConfig | null>(null);

/** Makes the seller's storefront configuration (shopping §1) available to every screen. */
export function SellerConfigProvider({
  config,
  children,
}: {
  config: SellerConfig;
  children: ReactNode;
}) {
  return <SellerConfigContext.Provider value={config}>{children}</SellerConfigContext.Provider>;
}

export function useSellerConfig(): SellerConfig {
  const config = useContext(SellerConfigContext);
  if (!config) throw new Error('useSellerConfig must be used inside <SellerConfigProvider>');
  return config;
}
