import type { SellerConfig } from '@admit/contracts/seller-config';
import { sellerConfigRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';
import { readOnce } from '@/api/read-once';
import { createQueryClient } from '@/app/query-client';
import { setSellerSlug } from '@/config/seller-slug';

/**
 * Without injection (the Vite dev server) the same object comes from `GET /api/seller_config`,
 * retried as any read; before boot there is no page's query client yet, so it uses its own.
 */
export async function fetchSellerConfig(slug: string): Promise<SellerConfig> {
  setSellerSlug(slug);
  const body = await readOnce(createQueryClient(), ['seller_config', slug], (signal) =>
    call(sellerConfigRoute, { signal }),
  );
  return body.seller_config._data[0]!;
}
