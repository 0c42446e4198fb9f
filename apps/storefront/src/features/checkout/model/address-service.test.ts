import { afterEach, describe, expect, it } from 'vitest';
import {
  AddressLookupError,
  createAddressService,
  isAddressLookupAvailable,
  registerAddressProvider,
  setDefaultAddressProvider,
} from '@/features/checkout/model/address-service';
import type {
  AddressFindRequest,
  AddressProvider,
} from '@/features/checkout/model/address-service';

afterEach(() => {
  registerAddressProvider(null);
  setDefaultAddressProvider(null);
});

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
    find: () =>
      Promise.resolve([{ id: 'a1', label: '1 Museum Way, Springfield', type: 'address' }]),
    retrieve: () => Promise.resolve([ADDRESS]),
    ...overrides,
  };
}

describe('address service (identity §7, §8 "Address lookup")', () => {
  it('rejects with a missing-key error when the seller has no lookup configured', async () => {
    registerAddressProvider(provider());
    const service = createAddressService(false);
    await expect(service.find('1 Museum', 'US')).rejects.toThrow(
      new AddressLookupError('missing-key'),
    );
    await expect(service.retrieve('a1')).rejects.toThrow(new AddressLookupError('missing-key'));
    expect(isAddressLookupAvailable(false)).toBe(false);
  });

  it('is unavailable without any provider, and rejects saying so', async () => {
    expect(isAddressLookupAvailable(true)).toBe(false);
    await expect(createAddressService(true).find('x', 'US')).rejects.toThrow('no-provider');
  });

  it('finds (with a container to open) and retrieves through the provider', async () => {
    const requests: AddressFindRequest[] = [];
    registerAddressProvider(
      provider({
        find: (request) => {
          requests.push(request);
          return Promise.resolve([{ id: 'c1', label: 'Museum Rd', type: 'container' }]);
        },
      }),
    );
    const service = createAddressService(true);
    expect(isAddressLookupAvailable(true)).toBe(true);
    expect(await service.find('1 Museum', 'US')).toEqual([
      { id: 'c1', label: 'Museum Rd', type: 'container' },
    ]);
    await service.find('1 Museum', 'US', 'c1');
    expect(await service.retrieve('a1')).toEqual(ADDRESS);
    expect(requests).toEqual([
      { text: '1 Museum', country: 'US' },
      { text: '1 Museum', country: 'US', container: 'c1' },
    ]);
  });

  it('uses the default provider set at boot unless a deployment registers its own', async () => {
    setDefaultAddressProvider(
      provider({ find: () => Promise.resolve([{ id: 'd', label: 'default', type: 'address' }]) }),
    );
    const service = createAddressService(true);
    expect((await service.find('x', 'US'))[0]!.label).toBe('default');
    registerAddressProvider(
      provider({ find: () => Promise.resolve([{ id: 'o', label: 'own', type: 'address' }]) }),
    );
    expect((await service.find('x', 'US'))[0]!.label).toBe('own');
  });

  it('throws the first item when it carries an error', async () => {
    registerAddressProvider(
      provider({
        find: () =>
          Promise.resolve([{ id: '', label: '', type: 'address', error: 'Account suspended' }]),
        retrieve: () => Promise.resolve([{ ...ADDRESS, error: 'Unknown id' }]),
      }),
    );
    const service = createAddressService(true);
    await expect(service.find('x', 'US')).rejects.toThrow('Account suspended');
    await expect(service.retrieve('x')).rejects.toThrow('Unknown id');
  });

  it('rejects a retrieve that answers no address', async () => {
    registerAddressProvider(provider({ retrieve: () => Promise.resolve([]) }));
    await expect(createAddressService(true).retrieve('a1')).rejects.toThrow('not-found');
  });
});
