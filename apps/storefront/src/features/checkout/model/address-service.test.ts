import { afterEach, describe, expect, it } from 'vitest';
import {
  AddressLookupError,
  createAddressService,
  registerAddressProvider,
} from '@/features/checkout/model/address-service';
import type { AddressProvider } from '@/features/checkout/model/address-service';

afterEach(() => registerAddressProvider(null));

const ADDRESS = {
  address: '1 Museum Way',
  address_more: '',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  zip_code: '62701',
};

function provider(overrides: Partial<AddressProvider> = {}): AddressProvider {
  return {
    find: () => Promise.resolve([{ id: 'a1', label: '1 Museum Way, Springfield' }]),
    retrieve: () => Promise.resolve([ADDRESS]),
    ...overrides,
  };
}

describe('address service (identity §7, §8 "Address lookup")', () => {
  it('rejects with a missing-key error when no key is configured', async () => {
    registerAddressProvider(provider());
    await expect(createAddressService(null).find('1 Museum', 'US')).rejects.toThrow(
      new AddressLookupError('missing-key'),
    );
  });

  it('finds and retrieves through the provider with the key', async () => {
    const keys: string[] = [];
    registerAddressProvider(
      provider({
        find: (key) => {
          keys.push(key);
          return Promise.resolve([{ id: 'a1', label: 'x' }]);
        },
      }),
    );
    const service = createAddressService('k-123');
    expect(await service.find('1 Museum', 'US')).toEqual([{ id: 'a1', label: 'x' }]);
    expect(await service.retrieve('a1')).toEqual(ADDRESS);
    expect(keys).toEqual(['k-123']);
  });

  it('throws the first item when it carries an error', async () => {
    registerAddressProvider(
      provider({
        find: () => Promise.resolve([{ id: '', label: '', error: 'Account suspended' }]),
      }),
    );
    await expect(createAddressService('k').find('x', 'US')).rejects.toThrow('Account suspended');
  });
});
