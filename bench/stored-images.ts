import {
  EVENT_COVER,
  IMAGE_FORMATS,
  IMAGE_PATH_PREFIX,
  imageSrcSet,
  listingTeaser,
  type ResponsiveImage,
} from '@admit/contracts/images';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { APP_HEADER, fetchAvailableEvents, metaValue } from '../e2e/support/catalog';

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Every image address the seller's listing and event pages ask for in a `<picture>`: each
 * event's cover at `EVENT_COVER`'s candidates and its teaser (profile, else cover) at
 * `listingTeaser`'s, in every format — the same contracts the storefront draws with.
 */
export async function storefrontImageUrls(baseUrl: string, sellerSlug: string) {
  const res = await fetch(
    `${baseUrl}/cached_api/seller_config?_seller=${encodeURIComponent(sellerSlug)}`,
    { headers: APP_HEADER },
  );
  if (!res.ok) throw new Error(`seller_config of ${sellerSlug} answered ${res.status}`);
  const body = (await res.json()) as { seller_config: { _data: unknown[] } };
  const config = sellerConfigSchema.parse(body.seller_config._data[0]);
  const events = await fetchAvailableEvents(baseUrl, sellerSlug);
  const urls = new Set<string>();
  const add = (path: string | undefined, image: ResponsiveImage) => {
    if (!path?.startsWith(`${IMAGE_PATH_PREFIX}/`)) return;
    for (const format of IMAGE_FORMATS) {
      for (const candidate of imageSrcSet(path, image, format).split(', ')) {
        urls.add(candidate.split(' ')[0]!);
      }
    }
  };
  for (const event of events.event_template._data) {
    const cover = text(metaValue(events, event.id, 'image_cover'));
    add(cover, EVENT_COVER);
    add(
      text(metaValue(events, event.id, 'image_profile')) ?? cover,
      listingTeaser(config.theme.teaser_image_size),
    );
  }
  return [...urls];
}

/**
 * Waits until the server keeps every one of `urls`: each is asked with `Cache-Control:
 * only-if-cached`, which the image path answers from its stored variants alone (504 when not
 * kept) and never by encoding, so the server's warming job, not this wait, stored them.
 */
export async function waitForStoredImages(
  baseUrl: string,
  urls: readonly string[],
  timeoutMs = 600_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const res = await fetch(baseUrl + url, {
        method: 'HEAD',
        headers: { 'cache-control': 'only-if-cached' },
      });
      if (res.status === 200) break;
      if (res.status !== 504)
        throw new Error(`HEAD ${url} (only-if-cached) answered ${res.status}`);
      if (Date.now() > deadline) {
        throw new Error(`the server had not stored ${url} after ${timeoutMs} ms of warming`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
