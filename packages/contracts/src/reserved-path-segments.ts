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
  // the back office's pages, `/{seller}/office` and `/office` on a seller's domain (decision 0083)
  'office',
];

/** Whether a seller slug is one of the server's own first path segments. */
export const isReservedPathSegment = (slug: string): boolean =>
  RESERVED_PATH_SEGMENTS.includes(slug.toLowerCase());
