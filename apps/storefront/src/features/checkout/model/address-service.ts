import type { AddressSuggestion, RetrievedAddress } from '@admit/contracts/address';

/**
 * The pluggable address capture service (identity §7 "Find … Retrieve", §8 "Address lookup").
 * The app sets a default provider at boot — the server's `address/find` + `address/retrieve`,
 * which call the seller's provider with the key from its configuration (decision 0024); a
 * deployment may register its own instead. Lookup is offered only when the seller config says
 * `address_lookup`; otherwise the visitor types the address.
 */
export type { AddressSuggestion };
export type AddressFields = RetrievedAddress;

/** Find: the search text, the country (ISO-2) and, to open a container suggestion, its id. */
export interface AddressFindRequest {
  text: string;
  country: string;
  container?: string;
}

/** What a provider answers; an item may carry an error (identity §8: "throws the first item"). */
export type ProviderItem<T> = T & { error?: string };

export interface AddressProvider {
  find(request: AddressFindRequest): Promise<ProviderItem<AddressSuggestion>[]>;
  retrieve(id: string): Promise<ProviderItem<AddressFields>[]>;
}

export class AddressLookupError extends Error {}

let registered: AddressProvider | null = null;
let fallback: AddressProvider | null = null;

/** A deployment plugs its own address provider in; it wins over the app's default. */
export function registerAddressProvider(next: AddressProvider | null): void {
  registered = next;
}

/** The app's default provider, set at boot (`app/boot/address-provider.ts`). */
export function setDefaultAddressProvider(next: AddressProvider | null): void {
  fallback = next;
}

const currentProvider = () => registered ?? fallback;

function firstError<T>(items: ProviderItem<T>[]): ProviderItem<T>[] {
  const failed = items[0]?.error;
  if (failed) throw new AddressLookupError(failed);
  return items;
}

export interface AddressService {
  /** `container`: the id of a container suggestion to search within */
  find(text: string, country: string, container?: string): Promise<AddressSuggestion[]>;
  retrieve(id: string): Promise<AddressFields>;
}

/**
 * spec: identity §8 — rejects with a missing-key error when no key is configured, i.e. when
 * the seller config does not offer `address_lookup` (the key itself stays on the server).
 */
export function createAddressService(lookupConfigured: boolean): AddressService {
  const ready = () => {
    if (!lookupConfigured) return Promise.reject(new AddressLookupError('missing-key'));
    const provider = currentProvider();
    if (!provider) return Promise.reject(new AddressLookupError('no-provider'));
    return Promise.resolve(provider);
  };
  return {
    find: async (text, country, container) => {
      const provider = await ready();
      const request: AddressFindRequest = container
        ? { text, country, container }
        : { text, country };
      return firstError(await provider.find(request));
    },
    retrieve: async (id) => {
      const provider = await ready();
      const [first] = firstError(await provider.retrieve(id));
      if (!first) throw new AddressLookupError('not-found');
      return first;
    },
  };
}

/** Lookup is offered only when configured and a provider is there; otherwise the address is typed. */
export function isAddressLookupAvailable(lookupConfigured: boolean): boolean {
  return lookupConfigured && currentProvider() !== null;
}
