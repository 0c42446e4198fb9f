import type { AddressProvider } from '@/features/checkout/model/address-service';
import { setDefaultAddressProvider } from '@/features/checkout/model/address-service';
import { createQueryClient } from '@/app/query-client';

/** The lookups' own client, for the one read retry rule; set up at boot, before any page's. */
const lookupClient = createQueryClient();

/**
 * The address provider every storefront has by default: the API's `address/find` and
 * `address/retrieve`, which proxy the seller's address capture service (decision 0024). The
 * calls are imported on first use so their zod schemas stay out of the first load (decision 0004).
 */
export const serverAddressProvider: AddressProvider = {
  find: async (request) =>
    (await import('@/features/checkout/api/find-address')).findAddress(lookupClient, request),
  retrieve: async (id) =>
    (await import('@/features/checkout/api/retrieve-address')).retrieveAddress(lookupClient, id),
};

/** Called at boot; a deployment's `registerAddressProvider` still wins over this default. */
export function setUpAddressLookup(): void {
  setDefaultAddressProvider(serverAddressProvider);
}
