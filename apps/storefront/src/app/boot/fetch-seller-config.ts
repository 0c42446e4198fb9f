import type { QueryClient } from '@tanstack/react-query';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { sellerConfigRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';
import { readOnce } from '@/api/read-once';
import { setSellerSlug } from '@/config/seller-slug';

/**
 * Without injection (the Vite dev server) the same object comes from `GET /api/seller_config`,
 * retried as any read through the app's query client (the one main.tsx made at boot).
 */
export async function fetchSellerConfig(
  queryClient: QueryClient,
  slug: string,
): Promise<SellerConfig> {
  setSellerSlug(slug);
  const body = await readOnce(queryClient, ['seller_config', slug], (signal) =>
    call(sellerConfigRoute, { signal }),
  );
  return body.seller_config._data[0]!;
}
