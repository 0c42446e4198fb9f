import type { SellerConfig } from '@admit/contracts/seller-config';
import { sellerConfigRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';
import { setSellerSlug } from '@/config/seller-slug';

/** Without injection (the Vite dev server) the same object comes from `GET /api/seller_config`. */
export async function fetchSellerConfig(slug: string): Promise<SellerConfig> {
  setSellerSlug(slug);
  const body = await call(sellerConfigRoute, {});
  return body.seller_config._data[0]!;
}
