/**
 * Seller images are addressed as `/api/image/{sellerSlug}/{name}`; meta values such as
 * `image_cover` hold that path. Callers add `width`/`height`: the server only ever shrinks.
 */
export const IMAGE_PATH_PREFIX = '/api/image';

export function imagePath(sellerSlug: string, name: string): string {
  return `${IMAGE_PATH_PREFIX}/${encodeURIComponent(sellerSlug)}/${encodeURIComponent(name)}`;
}

export function sizedImageUrl(path: string, size: { width?: number; height?: number }): string {
  const params = new URLSearchParams();
  if (size.width) params.set('width', String(Math.round(size.width)));
  if (size.height) params.set('height', String(Math.round(size.height)));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}
