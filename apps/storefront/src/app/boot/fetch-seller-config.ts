import { z } from 'zod';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { apiRead } from '@/api/client';
import { setSellerSlug } from '@/config/seller-slug';

const sellerConfigResponseSchema = z.object({
  seller_config: z.object({ _data: z.array(sellerConfigSchema).min(1) }),
});

/** Without injection (the Vite dev server) the same object comes from `GET /api/seller_config`. */
export async function fetchSellerConfig(slug: string): Promise<SellerConfig> {
  setSellerSlug(slug);
  const body = await apiRead('seller_config', { schema: sellerConfigResponseSchema });
  return body.seller_config._data[0]!;
}
