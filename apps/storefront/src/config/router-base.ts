import type { SellerConfig } from '@admit/contracts/seller-config';

/**
 * The address of a storefront page outside the router (a payment's return address, a login
 * link's target): `to` below the router base, which is `/{slug}` on a shared host and empty on
 * the seller's own domain (contracts `router_base`, decision 0071).
 */
export const storefrontPath = (config: Pick<SellerConfig, 'router_base'>, to: string): string =>
  `${config.router_base}${to}`;
