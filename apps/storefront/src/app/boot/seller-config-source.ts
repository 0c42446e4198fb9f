import type { QueryClient } from '@tanstack/react-query';
import { SELLER_CONFIG_SCRIPT_ID } from '@admit/contracts/seller-config-script';
import type { SellerConfig } from '@admit/contracts/seller-config';

/**
 * The config the server injected into index.html (docs/decisions/0003), or null without one.
 * The server builds it through `sellerConfigSchema` before injecting it, so it is not parsed
 * again here: that would put zod (~25 KB gzip) into the first load (shopping §1 budget).
 */
export function readInjectedSellerConfig(doc: Document = document): SellerConfig | null {
  const script = doc.getElementById(SELLER_CONFIG_SCRIPT_ID);
  if (!script?.textContent) return null;
  const config = JSON.parse(script.textContent) as SellerConfig;
  if (typeof config?.seller?.slug !== 'string')
    throw new Error('Injected seller config has no seller');
  return config;
}

/** The seller slug is the first path segment: the router base (identity §2). */
export function sellerSlugFromPath(pathname: string): string | null {
  const segment = pathname.split('/').find((part) => part.length > 0);
  return segment ? decodeURIComponent(segment) : null;
}

/** The seller's config: injected by the host, else read through the app's query client. */
export async function loadSellerConfig(
  queryClient: QueryClient,
  doc: Document = document,
  pathname: string = window.location.pathname,
): Promise<SellerConfig> {
  const injected = readInjectedSellerConfig(doc);
  if (injected) return injected;
  const slug = sellerSlugFromPath(pathname);
  if (!slug) throw new Error('No seller in the address: open /{seller-slug}/');
  // only the Vite dev server gets here, so the fetch (and its zod check) is a separate chunk
  const { fetchSellerConfig } = await import('@/app/boot/fetch-seller-config');
  return fetchSellerConfig(queryClient, slug);
}
