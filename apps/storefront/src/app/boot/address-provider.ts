import type { QueryClient } from '@tanstack/react-query';
import type { AddressProvider } from '@/features/checkout/model/address-service';
import { setDefaultAddressProvider } from '@/features/checkout/model/address-service';

/**
 * The address provider every storefront has by default: the API's `address/find` and
 * `address/retrieve`, which proxy the seller's address capture service (decision 0024), read
 * through the app's query client (its one read retry rule, `api/read-once.ts`). The calls are
 * imported on first use so their zod schemas stay out of the first load (decision 0004).
 */
export function serverAddressProvider(queryClient: QueryClient): AddressProvider {
  return {
    find: async (request) =>
      (await import('@/features/checkout/api/find-address')).findAddress(queryClient, request),
    retrieve: async (id) =>
      (await import('@/features/checkout/api/retrieve-address')).retrieveAddress(queryClient, id),
  };
}

/** Called at boot; a deployment's `registerAddressProvider` still wins over this default. */
export function setUpAddressLookup(queryClient: QueryClient): void {
  setDefaultAddressProvider(serverAddressProvider(queryClient));
}
