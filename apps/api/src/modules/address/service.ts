import type { AddressSuggestion, RetrievedAddress } from '@admit/contracts/address';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import {
  LoqateError,
  type LoqateClient,
  type LoqateFindItem,
  type LoqateRetrieveItem,
} from './loqate-client';
import { addressServiceKeyOf, readSellerSettings } from '@/modules/sellers/seller-settings';

/** Requests one client address may make to the address routes per window (Retrieve costs credit). */
export const ADDRESS_LOOKUP_LIMIT = { max: 60, windowMs: 60_000 } as const;

// the purchaser form's limits (contracts `purchaserSchema`), so a retrieved address always submits
const FIELD_MAX = { address: 200, address_more: 200, city: 100, state: 100, zip_code: 20 };

export interface AddressFindInput {
  text: string;
  country: string;
  container?: string;
}

const toSuggestion = (item: LoqateFindItem): AddressSuggestion => ({
  id: item.Id,
  label: [item.Text, item.Description].filter((part) => part.trim() !== '').join(', '),
  type: item.Type === 'Address' ? 'address' : 'container',
});

const toAddress = (item: LoqateRetrieveItem): RetrievedAddress => ({
  address: item.Line1.slice(0, FIELD_MAX.address),
  address_more: item.Line2.slice(0, FIELD_MAX.address_more),
  city: item.City.slice(0, FIELD_MAX.city),
  state: (item.ProvinceCode || item.Province || item.ProvinceName).slice(0, FIELD_MAX.state),
  country: /^[A-Z]{2}$/.test(item.CountryIso2) ? item.CountryIso2 : '',
  zip_code: item.PostalCode.slice(0, FIELD_MAX.zip_code),
});

/** The provider's failure as the API's error: 502, the provider's description as the text. */
function providerFailure(error: unknown): never {
  if (error instanceof LoqateError) {
    const description =
      error.kind === 'error_item' ? error.message : 'The address service could not be reached.';
    const failure = new AppError('internal_error', 'address', description, null, 502);
    // the handler logs 5xx errors: keep the provider's own reason with it
    throw Object.assign(failure, { cause: error });
  }
  throw error;
}

/** The address lookup, built once (address-plugin.ts). */
export type AddressService = ReturnType<typeof createAddressService>;

/**
 * Address lookup through the seller's address capture service (identity §7 Find/Retrieve,
 * §8 "Address lookup"; decision 0024): the key comes from the seller's configuration, never
 * from the caller.
 */
export function createAddressService(deps: { db: Db; client: LoqateClient }) {
  async function keyFor(seller: SellerRef): Promise<string> {
    const key = addressServiceKeyOf(await readSellerSettings(deps.db, seller.id));
    // spec: identity §8 — "Rejects with a missing-key error when no key is configured"
    if (!key) {
      throw new AppError(
        'not_configured',
        'address',
        'Address lookup is not configured for this seller.',
        { field: 'address_service_key' },
      );
    }
    return key;
  }

  return {
    async find(seller: SellerRef, input: AddressFindInput): Promise<AddressSuggestion[]> {
      const key = await keyFor(seller);
      const items = await deps.client.find({ key, ...input }).catch(providerFailure);
      return items.filter((item) => item.Id !== '').map(toSuggestion);
    },
    async retrieve(seller: SellerRef, id: string): Promise<RetrievedAddress[]> {
      const key = await keyFor(seller);
      const items = await deps.client.retrieve(key, id).catch(providerFailure);
      return items.map(toAddress);
    },
  };
}
