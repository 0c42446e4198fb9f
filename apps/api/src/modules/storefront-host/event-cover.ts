import { EVENT_COVER, IMAGE_FORMAT_TYPES, imageSrcSet } from '@admit/contracts/images';
import type { Db } from '@/db/connection';
import { selectEventMeta } from '@/modules/availability/repo';
import { escapeHtml } from '@/lib/escape-html';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `events/{id}` and its sub-routes (renew, gift): the pages that draw the cover. */
const EVENT_PAGE = new RegExp(`^events/(${UUID})(?:/|$)`, 'i');

/** The event id of an event detail page's path below the router base, if it is one. */
export function eventIdOfPath(path: string): string | undefined {
  return EVENT_PAGE.exec(path)?.[1]?.toLowerCase();
}

/** The event's `image_cover` meta (a seller image path), if it has one. */
export async function findEventCover(
  db: Db,
  sellerId: string,
  eventId: string,
): Promise<string | undefined> {
  const [row] = await selectEventMeta(db, sellerId, eventId, ['image_cover']);
  return typeof row?.value === 'string' && row.value ? row.value : undefined;
}

/**
 * The preload of an event page's cover, its largest image (LCP): the browser starts it with the
 * HTML instead of after the script, the route and the event read. It names the storefront's
 * first `<picture>` source (AVIF) with the same candidates and sizes, so the fetch is the one
 * the page then draws; a browser without AVIF skips a preload of that type (decision 0033).
 */
export function coverPreloadTag(coverPath: string): string {
  return imagePreloadTag({
    type: IMAGE_FORMAT_TYPES.avif,
    srcSet: imageSrcSet(coverPath, EVENT_COVER, 'avif'),
    sizes: EVENT_COVER.sizes,
  });
}

/** A high-priority preload of an image by its candidates (a `<picture>` source's). */
export function imagePreloadTag(image: { type: string; srcSet: string; sizes: string }): string {
  return [
    '<link rel="preload" as="image" fetchpriority="high"',
    `type="${escapeHtml(image.type)}"`,
    `imagesrcset="${escapeHtml(image.srcSet)}"`,
    `imagesizes="${escapeHtml(image.sizes)}">`,
  ].join(' ');
}
