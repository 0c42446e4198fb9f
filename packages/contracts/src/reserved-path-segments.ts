/**
 * First path segments the server routes itself (apps/api/src/app.ts and its modules), so no
 * seller may have one as its slug: `/{slug}/…` would never reach its storefront, and its
 * storefront must never answer for them (issue 22). The storefront host refuses them as seller
 * pages and the seller file refuses them as slugs; reserved-path-segments.test.ts checks the
 * list against the server's route table, so a new top-level route cannot be missed.
 */
export const RESERVED_PATH_SEGMENTS: readonly string[] = [
  'api',
  'cached_api',
  'admin',
  'assets-app',
  'health',
  'ready',
  '_dev',
  'sandbox',
  'webhooks',
];

/** Whether a seller slug is one of the server's own first path segments. */
export const isReservedPathSegment = (slug: string): boolean =>
  RESERVED_PATH_SEGMENTS.includes(slug.toLowerCase());

/**
 * Sections of a seller's site that are no seller's storefront page, though the page host serves
 * them: the back office, at `/{slug}/office` and at `/office` on the seller's own domain
 * (decision 0083). A seller slugged `office` would make `/office` on its domain both its office
 * and its old slug address, so the seller file refuses these slugs too.
 */
export const SITE_SECTIONS: readonly string[] = ['office'];

/** Whether a seller may not take `slug`: a server path segment or a site section. */
export const isReservedSlug = (slug: string): boolean =>
  isReservedPathSegment(slug) || SITE_SECTIONS.includes(slug.toLowerCase());
