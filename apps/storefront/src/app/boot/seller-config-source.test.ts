import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import {
  loadSellerConfig,
  readInjectedSellerConfig,
  sellerSlugFromPath,
} from '@/app/boot/seller-config-source';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('test');
  doc.body.innerHTML = html;
  return doc;
}

describe('seller config at boot', () => {
  it('reads the config the server injected (docs/decisions/0003)', async () => {
    const config = makeSellerConfig({ product_name: 'Injected' });
    const doc = pageWith(
      `<script id="admit-seller-config" type="application/json">${JSON.stringify(config)}</script>`,
    );
    expect(readInjectedSellerConfig(doc)).toEqual(config);
    await expect(
      loadSellerConfig(createQueryClient({ retryBaseMs: 1 }), doc, '/demo-museum/'),
    ).resolves.toMatchObject({
      product_name: 'Injected',
    });
  });

  it('fetches /api/seller_config for the first path segment without injection', async () => {
    const config = makeSellerConfig({ product_name: 'Fetched' });
    const stub = createFetchStub({
      'GET /api/seller_config': { seller_config: { _count: 1, _total: 1, _data: [config] } },
    });
    vi.stubGlobal('fetch', stub);

    await expect(
      loadSellerConfig(
        createQueryClient({ retryBaseMs: 1 }),
        pageWith(''),
        '/demo-museum/events/1',
      ),
    ).resolves.toEqual(config);
    expect(stub.requests[0]!.url.searchParams.get('_seller')).toBe('demo-museum');
  });

  it('rejects a fetched config that breaks the contract', async () => {
    const stub = createFetchStub({
      'GET /api/seller_config': { seller_config: { _data: [{ product_name: 'x' }] } },
    });
    vi.stubGlobal('fetch', stub);

    await expect(
      loadSellerConfig(createQueryClient({ retryBaseMs: 1 }), pageWith(''), '/demo-museum/'),
    ).rejects.toThrow();
  });

  it('takes the seller slug from the first path segment', () => {
    expect(sellerSlugFromPath('/demo-museum/events/1')).toBe('demo-museum');
    expect(sellerSlugFromPath('/')).toBeNull();
  });
});
