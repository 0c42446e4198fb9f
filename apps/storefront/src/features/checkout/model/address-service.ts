/**
 * The pluggable address capture service (identity §7 "Find … Retrieve", §8 "Address lookup").
 * No provider ships with Admit: a deployment registers one; without a key the form is manual.
 */
export interface AddressSuggestion {
  id: string;
  label: string;
}

export interface AddressFields {
  address: string;
  address_more: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
}

/** What a provider answers; an item may carry an error (identity §8: "throws the first item"). */
export type ProviderItem<T> = T & { error?: string };

export interface AddressProvider {
  find(key: string, text: string, country: string): Promise<ProviderItem<AddressSuggestion>[]>;
  retrieve(key: string, id: string): Promise<ProviderItem<AddressFields>[]>;
}

export class AddressLookupError extends Error {}

let provider: AddressProvider | null = null;

/** A deployment plugs its address provider in at boot. */
export function registerAddressProvider(next: AddressProvider | null): void {
  provider = next;
}

function firstError<T>(items: ProviderItem<T>[]): ProviderItem<T>[] {
  const failed = items[0]?.error;
  if (failed) throw new AddressLookupError(failed);
  return items;
}

export interface AddressService {
  find(text: string, country: string): Promise<AddressSuggestion[]>;
  retrieve(id: string): Promise<AddressFields>;
}

/** spec: identity §8 — rejects with a missing-key error when no key is configured. */
export function createAddressService(key: string | null): AddressService {
  const ready = () => {
    if (!key) return Promise.reject(new AddressLookupError('missing-key'));
    if (!provider) return Promise.reject(new AddressLookupError('no-provider'));
    return Promise.resolve({ key, provider });
  };
  return {
    find: async (text, country) => {
      const { key: k, provider: p } = await ready();
      return firstError(await p.find(k, text, country));
    },
    retrieve: async (id) => {
      const { key: k, provider: p } = await ready();
      const [first] = firstError(await p.retrieve(k, id));
      if (!first) throw new AddressLookupError('not-found');
      return first;
    },
  };
}

/** Lookup is offered only with a key and a provider; otherwise the visitor types the address. */
export function isAddressLookupAvailable(key: string | null): boolean {
  return Boolean(key) && provider !== null;
}
